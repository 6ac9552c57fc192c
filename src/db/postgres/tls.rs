//! TLS to PostgreSQL, read from the database URL as libpq reads it, so that a URL an
//! operator already uses with `psql` means the same here:
//!
//! | `sslmode`            | encrypted                  | the server's certificate              |
//! |----------------------|----------------------------|---------------------------------------|
//! | `disable`            | never                      | not asked for                         |
//! | `prefer` (default)   | when the server offers it  | not checked                           |
//! | `require`            | always                     | not checked (checked as `verify-ca` when `sslrootcert` is given) |
//! | `verify-ca`          | always                     | signed by a root of `sslrootcert`     |
//! | `verify-full`        | always                     | that, and made out to the host named  |
//!
//! `sslrootcert` is a PEM file of the certificate authorities to trust, or `system` for
//! the system's own (libpq 16's word). As with libpq, a Unix socket is never encrypted.
//! The client is rustls (ring), so the static build links no OpenSSL.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use percent_encoding::percent_decode_str;
use postgres::config::{Host, SslMode};
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

/// How much the connection asks of TLS: libpq's `sslmode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl Mode {
    fn parse(word: &str) -> anyhow::Result<Mode> {
        Ok(match word {
            "disable" => Mode::Disable,
            "prefer" => Mode::Prefer,
            "require" => Mode::Require,
            "verify-ca" => Mode::VerifyCa,
            "verify-full" => Mode::VerifyFull,
            other => bail!(
                "sslmode={other} is not one Market knows: disable, prefer, require, verify-ca or verify-full"
            ),
        })
    }

    /// What the client itself is told: it encrypts or not; the checks are the verifier's.
    fn client_mode(self) -> SslMode {
        match self {
            Mode::Disable => SslMode::Disable,
            Mode::Prefer => SslMode::Prefer,
            Mode::Require | Mode::VerifyCa | Mode::VerifyFull => SslMode::Require,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Disable => "disable",
            Mode::Prefer => "prefer",
            Mode::Require => "require",
            Mode::VerifyCa => "verify-ca",
            Mode::VerifyFull => "verify-full",
        })
    }
}

/// Which certificate authorities a verifying mode trusts.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Roots {
    File(PathBuf),
    System,
}

/// The TLS words of a database URL, taken out of it.
#[derive(Debug, PartialEq, Eq)]
pub struct Settings {
    pub mode: Mode,
    roots: Option<Roots>,
}

/// Splits `url` into what the PostgreSQL client reads (every parameter but the ones it
/// does not know: `sslrootcert`, and the `verify-*` modes) and the TLS settings.
pub fn split(url: &str) -> anyhow::Result<(String, Settings)> {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, query),
        None => (url, ""),
    };
    let (mut mode, mut roots) = (None, None);
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = || percent_decode_str(value).decode_utf8_lossy().into_owned();
        match key {
            "sslmode" => mode = Some(Mode::parse(&value())?),
            "sslrootcert" => {
                roots = Some(match value().as_str() {
                    "system" => Roots::System,
                    path => Roots::File(PathBuf::from(path)),
                })
            }
            _ => kept.push(pair),
        }
    }
    let mode = match (mode, &roots) {
        // libpq: "if a root CA file exists, sslmode=require behaves as verify-ca".
        (Some(Mode::Require), Some(_)) => Mode::VerifyCa,
        (Some(mode), _) => mode,
        (None, _) => Mode::Prefer,
    };
    if matches!(mode, Mode::VerifyCa | Mode::VerifyFull) && roots.is_none() {
        bail!(
            "sslmode={mode} checks the server's certificate against sslrootcert: add \
             sslrootcert=PATH (the authority's certificate, PEM) or sslrootcert=system"
        );
    }
    let url = match kept.is_empty() {
        true => base.to_owned(),
        false => format!("{base}?{}", kept.join("&")),
    };
    Ok((url, Settings { mode, roots }))
}

/// The client's connector for `settings`, and the mode to set on its configuration:
/// none for a Unix socket, which PostgreSQL never encrypts (libpq ignores `sslmode`
/// there too).
pub fn connector(settings: &Settings, hosts: &[Host]) -> anyhow::Result<(MakeRustlsConnect, SslMode)> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let verifier: Arc<dyn ServerCertVerifier> = match (&settings.roots, settings.mode) {
        (Some(roots), Mode::VerifyCa | Mode::VerifyFull) => {
            let roots = Arc::new(root_store(roots)?);
            let webpki = WebPkiServerVerifier::builder_with_provider(roots, provider.clone())
                .build()
                .context("the certificate authorities of sslrootcert cannot be used")?;
            match settings.mode {
                Mode::VerifyFull => webpki,
                _ => Arc::new(AnyName(webpki)),
            }
        }
        _ => Arc::new(Unchecked(provider.signature_verification_algorithms)),
    };
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .context("TLS versions")?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    let over_sockets_only = !hosts.is_empty() && hosts.iter().all(|h| matches!(h, Host::Unix(_)));
    let mode = if over_sockets_only { SslMode::Disable } else { settings.mode.client_mode() };
    Ok((MakeRustlsConnect::new(config), mode))
}

fn root_store(roots: &Roots) -> anyhow::Result<RootCertStore> {
    let mut store = RootCertStore::empty();
    match roots {
        Roots::File(path) => {
            for cert in read_certificates(path)? {
                store.add(cert).with_context(|| format!("sslrootcert {}", path.display()))?;
            }
        }
        Roots::System => {
            let found = rustls_native_certs::load_native_certs();
            let (added, _) = store.add_parsable_certificates(found.certs);
            if added == 0 {
                bail!("sslrootcert=system: this system has no certificate authorities to trust");
            }
        }
    }
    Ok(store)
}

fn read_certificates(path: &Path) -> anyhow::Result<Vec<CertificateDer<'static>>> {
    let certs = CertificateDer::pem_file_iter(path)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .with_context(|| format!("sslrootcert {} cannot be read as PEM certificates", path.display()))?;
    if certs.is_empty() {
        bail!("sslrootcert {} holds no certificate", path.display());
    }
    Ok(certs)
}

/// `prefer` and `require`: encrypted, the certificate not checked (libpq's meaning).
/// The handshake's signatures are still checked against the certificate's key.
#[derive(Debug)]
struct Unchecked(WebPkiSupportedAlgorithms);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_schemes()
    }
}

/// `verify-ca`: the certificate must be signed by a trusted authority, and may name any
/// host. WebPKI checks the chain before the name, so a name mismatch means the chain held.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self.0.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            verdict => verdict,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(url: &str) -> (String, Mode, Option<Roots>) {
        let (url, settings) = split(url).unwrap();
        (url, settings.mode, settings.roots)
    }

    #[test]
    fn the_tls_words_are_taken_out_and_the_rest_kept_as_written() {
        assert_eq!(settings("postgres://db/market"), ("postgres://db/market".into(), Mode::Prefer, None));
        assert_eq!(
            settings(
                "postgres://db/market?application_name=a%20b&sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem"
            ),
            (
                "postgres://db/market?application_name=a%20b".into(),
                Mode::VerifyFull,
                Some(Roots::File("/etc/ca.pem".into()))
            )
        );
        assert_eq!(settings("postgres://db/m?sslmode=disable").1, Mode::Disable);
        assert_eq!(settings("postgres://db/m?sslmode=require").1, Mode::Require);
        assert_eq!(settings("postgres://db/m?sslmode=verify-ca&sslrootcert=system").2, Some(Roots::System));
    }

    #[test]
    fn require_with_a_root_certificate_checks_the_chain_as_libpq_does() {
        assert_eq!(settings("postgres://db/m?sslmode=require&sslrootcert=ca.pem").1, Mode::VerifyCa);
    }

    #[test]
    fn a_checking_mode_without_roots_or_an_unknown_mode_is_refused_by_name() {
        let e = split("postgres://db/m?sslmode=verify-full").unwrap_err().to_string();
        assert!(e.contains("sslrootcert=PATH"), "{e}");
        let e = split("postgres://db/m?sslmode=allow").unwrap_err().to_string();
        assert!(e.contains("sslmode=allow") && e.contains("verify-full"), "{e}");
    }

    #[test]
    fn a_unix_socket_is_never_encrypted() {
        let (_, settings) = split("postgres://db/m?sslmode=require").unwrap();
        let socket = [Host::Unix("/run/postgresql".into())];
        assert_eq!(connector(&settings, &socket).unwrap().1, SslMode::Disable);
        let tcp = [Host::Tcp("db".into())];
        assert_eq!(connector(&settings, &tcp).unwrap().1, SslMode::Require);
    }

    #[test]
    fn a_missing_root_certificate_file_is_named() {
        let (_, settings) = split("postgres://db/m?sslmode=verify-full&sslrootcert=/no/such/ca.pem").unwrap();
        let e = format!("{:#}", connector(&settings, &[Host::Tcp("db".into())]).err().unwrap());
        assert!(e.contains("/no/such/ca.pem"), "{e}");
    }
}
