//! The mail server, through lettre's SMTP transport: the URL's scheme says how the
//! connection is secured (`smtp://`: STARTTLS when the server offers it, or always with
//! `?tls=required`; `smtps://`: TLS from the first byte), and its user and password log in.

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{Message, SmtpTransport, Transport};

use crate::config::SmtpSettings;
use crate::domain::mail::draw::Drawn;
use crate::domain::mail::header_safe;
use crate::domain::mail::outbox::Mail;

/// A mail server to hand mails to, and who they come from.
#[derive(Clone)]
pub struct Smtp {
    transport: SmtpTransport,
    from: Mailbox,
    /// The domain of `Message-ID`s: the sender's.
    domain: String,
}

/// Why a mail was not taken, and whether trying again can help.
#[derive(Debug)]
pub struct Refused {
    pub reason: String,
    pub permanent: bool,
}

impl Smtp {
    pub fn new(settings: &SmtpSettings) -> anyhow::Result<Smtp> {
        let url = match settings.url.contains("tls=") || settings.url.starts_with("smtps:") {
            true => settings.url.clone(),
            false if settings.url.contains('?') => format!("{}&tls=opportunistic", settings.url),
            false => format!("{}?tls=opportunistic", settings.url),
        };
        let transport = SmtpTransport::from_url(&url)
            .map_err(|e| anyhow::anyhow!("--smtp-url: {e}"))?
            .timeout(Some(std::time::Duration::from_secs(60)))
            .build();
        let from: Mailbox = settings.from.parse().map_err(|e| {
            anyhow::anyhow!(
                "--mail-from {:?} is not an address such as \"Market <shop@example.com>\": {e}",
                settings.from
            )
        })?;
        let domain = from.email.domain().to_owned();
        Ok(Smtp { transport, from, domain })
    }

    /// Hands `mail`, drawn as `drawn`, to the server.
    pub fn send(&self, mail: &Mail, drawn: &Drawn) -> Result<(), Refused> {
        let to = Mailbox::new(
            Some(mail.to_name()),
            mail.to_address
                .parse()
                .map_err(|e| Refused { reason: format!("the address: {e}"), permanent: true })?,
        );
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(header_safe(&drawn.subject))
            .message_id(Some(format!("<mail-{}@{}>", mail.id, self.domain)))
            .header(AutoSubmitted);
        let message = match &drawn.unsubscribe {
            Some(url) => message.header(ListUnsubscribe(header_safe(url))),
            None => message,
        };
        let message = message
            .multipart(MultiPart::alternative_plain_html(drawn.text.clone(), drawn.html.clone()))
            .map_err(|e| Refused { reason: format!("the message: {e}"), permanent: true })?;
        match self.transport.send(&message) {
            Ok(_) => Ok(()),
            Err(e) => Err(Refused { reason: e.to_string(), permanent: e.is_permanent() }),
        }
    }
}

/// `List-Unsubscribe: <https://…>` (RFC 2369): the mail client's own way to stop a
/// kind of mail, leading to the page the mail's unsubscribe link opens.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(text.trim_matches(['<', '>']).to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `Auto-Submitted: auto-generated` (RFC 3834): no out-of-office answer comes back.
#[derive(Clone)]
struct AutoSubmitted;

impl lettre::message::header::Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(AutoSubmitted)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-generated".to_owned())
    }
}
