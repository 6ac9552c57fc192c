//! The one clock, and the one form a moment takes everywhere: whole milliseconds since
//! the Unix epoch, UTC. Every table stores that integer; the API writes it as
//! ISO 8601 (`2026-11-23T08:40:19.123Z`, docs/rules.md#api-conventions).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// Now, by the system clock: the only place the server reads it.
    pub fn now() -> Timestamp {
        let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or(Duration::ZERO);
        Timestamp(since.as_millis() as i64)
    }

    pub fn millis(self) -> i64 {
        self.0
    }

    pub fn plus(self, d: Duration) -> Timestamp {
        Timestamp(self.0 + d.as_millis() as i64)
    }

    pub fn minus(self, d: Duration) -> Timestamp {
        Timestamp(self.0 - d.as_millis() as i64)
    }

    /// The UTC year and month (1-12) of this moment: what a card's expiry is read against.
    pub fn year_month(self) -> (i64, i64) {
        let (year, month, _) = civil_from_days(self.0.div_euclid(86_400_000));
        (year, month)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC.
    pub fn to_iso8601(self) -> String {
        let (days, ms) = (self.0.div_euclid(86_400_000), self.0.rem_euclid(86_400_000));
        let (year, month, day) = civil_from_days(days);
        let (h, m, s, milli) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}.{milli:03}Z")
    }
}

impl Timestamp {
    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC), as [`Timestamp::to_iso8601`] writes it and the
    /// seed catalog holds it; `None` for anything else.
    pub fn parse_iso8601(text: &str) -> Option<Timestamp> {
        let text = text.strip_suffix('Z')?;
        let (date, time) = text.split_once('T')?;
        let mut date = date.splitn(3, '-').map(|n| n.parse::<i64>().ok());
        let (year, month, day) = (date.next()??, date.next()??, date.next()??);
        let (time, fraction) = time.split_once('.').unwrap_or((time, ""));
        let mut time = time.splitn(3, ':').map(|n| n.parse::<i64>().ok());
        let (h, m, s) = (time.next()??, time.next()??, time.next()??);
        let valid = (1..=12).contains(&month) && (1..=31).contains(&day) && h < 24 && m < 60 && s < 61;
        if !valid || fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let millis = format!("{fraction:0<3}")[..3].parse::<i64>().ok()?;
        let days = days_from_civil(year, month, day);
        Some(Timestamp(((days * 24 + h) * 60 + m) * 60_000 + s * 1000 + millis))
    }
}

/// A proleptic Gregorian date to days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_iso_8601_in_utc_with_milliseconds() {
        assert_eq!(Timestamp(0).to_iso8601(), "1970-01-01T00:00:00.000Z");
        assert_eq!(Timestamp(951_782_400_000).to_iso8601(), "2000-02-29T00:00:00.000Z");
        assert_eq!(Timestamp(1_795_423_219_123).to_iso8601(), "2026-11-23T08:40:19.123Z");
        assert_eq!(Timestamp(4_107_542_399_999).to_iso8601(), "2100-02-28T23:59:59.999Z");
    }

    #[test]
    fn reads_what_it_writes_and_refuses_anything_else() {
        for millis in [0, 951_782_400_000, 1_795_423_219_123, 4_107_542_399_999, -86_400_001] {
            let written = Timestamp(millis).to_iso8601();
            assert_eq!(Timestamp::parse_iso8601(&written), Some(Timestamp(millis)), "{written}");
        }
        assert_eq!(Timestamp::parse_iso8601("2025-11-01T02:48:55Z"), Some(Timestamp(1_761_965_335_000)));
        for bad in ["2025-11-01", "2025-11-01T02:48:55", "2025-13-01T00:00:00Z", "2025-11-01T02:48:5xZ"] {
            assert_eq!(Timestamp::parse_iso8601(bad), None, "{bad}");
        }
    }

    #[test]
    fn now_is_after_this_code_was_written() {
        assert!(Timestamp::now() > Timestamp(1_795_423_219_123));
    }
}
