//! The content codings the server keeps ready-made copies in, and which one a client
//! gets. Brotli is smaller, gzip is what every client takes: copies are made once
//! (the bundle's by `web/build.mjs`, kept answers' by [`Coding::compress`]) so that no
//! request pays for compressing.

use std::io::Write;
use std::sync::{Arc, OnceLock};

use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// Best first.
    pub const ALL: [Coding; 2] = [Coding::Brotli, Coding::Gzip];

    /// The `Accept-Encoding` / `Content-Encoding` token.
    pub fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The suffix of the bundle's precompressed copy of a file.
    pub fn file_suffix(self) -> &'static str {
        match self {
            Coding::Brotli => ".br",
            Coding::Gzip => ".gz",
        }
    }

    pub fn content_encoding(self) -> ContentEncoding {
        match self {
            Coding::Brotli => ContentEncoding::Brotli,
            Coding::Gzip => ContentEncoding::Gzip,
        }
    }

    /// The largest body compressed on the thread that answers, in about a millisecond;
    /// a larger one goes to the blocking pool. On a busy machine the pool's two thread
    /// switches cost more than that: a page made again waited a median 12 ms for them in
    /// a soak, for about 1 ms of brotli's work on a 57 kB page (at quality 5).
    fn inline_limit(self) -> usize {
        match self {
            Coding::Brotli => 128 << 10,
            // Its best level is some four times slower than brotli's quality 5, which is
            // twice quality 3's.
            Coding::Gzip => 32 << 10,
        }
    }

    /// A copy made once and sent many times: tighter settings than a per-request
    /// compressor would use. Brotli at quality 3 with a 1 MiB window: a department's page
    /// (48 kB) takes 0.8 ms and comes to 9.9 kB, against 1.9 ms and 8.7 kB at quality 5
    /// and 20 ms at quality 9 (whose 4 MiB window also swung the soak's memory), for
    /// every page made again after a review. A smaller window is no cheaper: brotli's
    /// tables, not its window, are most of the 0.7-1.7 MB each compression touches, and
    /// below 128 KiB this brotli's other matcher took ten times as long.
    pub fn compress(self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes.len() / 3 + 64);
        match self {
            Coding::Brotli => {
                let params = brotli::enc::BrotliEncoderParams { quality: 3, lgwin: 20, ..Default::default() };
                brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)
                    .expect("brotli writes into a Vec without failing");
            }
            Coding::Gzip => {
                let mut encoder = flate2::write::GzEncoder::new(out, flate2::Compression::best());
                encoder.write_all(bytes).expect("gzip writes into a Vec without failing");
                out = encoder.finish().expect("gzip writes into a Vec without failing");
            }
        }
        out
    }
}

/// The best coding the client accepts (`Accept-Encoding`), if any.
pub fn negotiate(req: &HttpRequest) -> Option<Coding> {
    Coding::ALL.into_iter().find(|coding| accepts(req, coding.token()))
}

/// Whether `Accept-Encoding` names `coding` without refusing it (`;q=0`).
fn accepts(req: &HttpRequest, coding: &str) -> bool {
    let items = req.headers().get_all(header::ACCEPT_ENCODING).filter_map(|v| v.to_str().ok());
    items.flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';');
        let named = parts.next().is_some_and(|name| name.trim().eq_ignore_ascii_case(coding));
        let refused = parts.any(|p| p.trim().strip_prefix("q=").is_some_and(|q| q.trim().parse() == Ok(0.0)));
        named && !refused
    })
}

/// A body kept to be sent many times (an API answer, a page), its entity tag, and its
/// compressed copies, each made when a client first asks for that coding.
#[derive(Debug)]
pub struct Copies {
    body: Bytes,
    /// The hash of `body`, which each representation's entity tag is made of.
    hash: String,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Copies {
    pub fn new(body: Bytes) -> Self {
        let digest = Sha256::digest(&body);
        let hash = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        Copies { body, hash, brotli: OnceLock::new(), gzip: OnceLock::new() }
    }

    pub fn body(&self) -> &Bytes {
        &self.body
    }

    fn copy(&self, coding: Coding) -> &OnceLock<Bytes> {
        match coding {
            Coding::Brotli => &self.brotli,
            Coding::Gzip => &self.gzip,
        }
    }

    /// Each representation has its own strong tag, as RFC 9110 8.8.3 asks.
    fn etag(&self, coding: Option<Coding>) -> String {
        match coding {
            None => format!("\"{}\"", self.hash),
            Some(coding) => format!("\"{}-{}\"", self.hash, coding.token()),
        }
    }

    /// The body as `req` is best sent, with `status` and `content_type`: with `validated`,
    /// a 304 if it already holds this representation (a success only); else the bytes in
    /// the best coding it accepts (compressed now if this is the first client to ask for
    /// that coding: a large body off the async threads).
    pub async fn respond(
        self: Arc<Self>,
        req: &HttpRequest,
        status: StatusCode,
        validated: bool,
        content_type: HeaderValue,
    ) -> Result<HttpResponse, actix_web::error::BlockingError> {
        let coding = negotiate(req);
        let mut res = HttpResponse::build(status);
        if validated {
            let etag = self.etag(coding);
            if status == StatusCode::OK && holds(req, &etag) {
                res = HttpResponse::NotModified();
                res.insert_header((header::ETAG, etag)).insert_header((header::VARY, "accept-encoding"));
                return Ok(res.finish());
            }
            res.insert_header((header::ETAG, etag));
        }
        res.insert_header((header::VARY, "accept-encoding"));
        let body = match coding {
            None => self.body.clone(),
            Some(coding) => {
                res.insert_header(coding.content_encoding());
                match self.copy(coding).get() {
                    Some(bytes) => bytes.clone(),
                    None if self.body.len() <= coding.inline_limit() => {
                        let bytes = Bytes::from(coding.compress(&self.body));
                        self.copy(coding).get_or_init(|| bytes).clone()
                    }
                    None => {
                        let kept = self.clone();
                        let bytes = web::block(move || Bytes::from(coding.compress(&kept.body))).await?;
                        self.copy(coding).get_or_init(|| bytes).clone()
                    }
                }
            }
        };
        Ok(res.insert_header((header::CONTENT_TYPE, content_type)).body(body))
    }
}

/// Whether `If-None-Match` names `etag` (or is `*`).
fn holds(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_start_matches("W/") == etag || t.trim() == "*"))
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use actix_web::test::TestRequest;

    use super::*;

    fn negotiated(accept: &str) -> Option<Coding> {
        negotiate(&TestRequest::default().insert_header((header::ACCEPT_ENCODING, accept)).to_http_request())
    }

    #[test]
    fn brotli_is_preferred_and_a_refused_coding_is_never_chosen() {
        assert_eq!(negotiated("gzip, deflate, br, zstd"), Some(Coding::Brotli));
        assert_eq!(negotiated("gzip"), Some(Coding::Gzip));
        assert_eq!(negotiated("br;q=0, GZIP;q=0.5"), Some(Coding::Gzip));
        assert_eq!(negotiated("identity"), None);
        assert_eq!(negotiate(&TestRequest::default().to_http_request()), None);
    }

    #[test]
    fn copies_decompress_to_the_original() {
        let json = br#"{"Departments":[{"id":1,"name":"Electronics"}]}"#.repeat(40);
        let gzip = Coding::Gzip.compress(&json);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..]).read_to_end(&mut back).unwrap();
        assert_eq!(back, json);
        let br = Coding::Brotli.compress(&json);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut back).unwrap();
        assert_eq!(back, json);
        assert!(br.len() < json.len() / 10 && gzip.len() < json.len() / 10);
    }
}
