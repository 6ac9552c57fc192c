//! Money is integer cents everywhere; it becomes a decimal number only on the wire.

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cents(pub i64);

impl Cents {
    /// The RedCard discount: 5% of `self`, rounded half-up to the cent.
    pub fn five_percent(self) -> Cents {
        Cents((self.0 * 5 + 50).div_euclid(100))
    }
}

impl std::ops::Add for Cents {
    type Output = Cents;
    fn add(self, rhs: Cents) -> Cents {
        Cents(self.0 + rhs.0)
    }
}

impl std::ops::Sub for Cents {
    type Output = Cents;
    fn sub(self, rhs: Cents) -> Cents {
        Cents(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        Cents(iter.map(|c| c.0).sum())
    }
}

impl Cents {
    /// Dollars as a client sends them (a number with at most two decimals) in cents.
    /// Rounds to the nearest cent; beyond any real amount it saturates.
    pub fn from_dollars(dollars: f64) -> Cents {
        Cents((dollars * 100.0).round() as i64)
    }

    /// Dollars as a number with at most two decimals: only for the wire.
    pub fn as_dollars(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// `12.99`: dollars without the sign, as a file or a form writes them.
    pub fn as_dollars_text(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        format!("{sign}{}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

impl Cents {
    /// `$1,234.56`, thousands grouped, as the store's pages and mails show an amount.
    pub fn grouped(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let dollars = (self.0.abs() / 100).to_string();
        let mut grouped = String::new();
        for (n, digit) in dollars.chars().enumerate() {
            if n > 0 && (dollars.len() - n).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        format!("{sign}${grouped}.{:02}", self.0.abs() % 100)
    }
}

/// `$1234.56`, as messages show an amount.
impl std::fmt::Display for Cents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}${}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_as_dollars_and_cents_and_reads_dollars_to_the_cent() {
        assert_eq!(Cents(1999).to_string(), "$19.99");
        assert_eq!(Cents(5).to_string(), "$0.05");
        assert_eq!(Cents(-250).to_string(), "-$2.50");
        assert_eq!(Cents(123_456_789).grouped(), "$1,234,567.89");
        assert_eq!(Cents(-100_000).grouped(), "-$1,000.00");
        assert_eq!(Cents(99_999).grouped(), "$999.99");
        assert_eq!(Cents::from_dollars(18.99), Cents(1899));
        assert_eq!(Cents::from_dollars(0.1 + 0.2), Cents(30));
        assert_eq!(Cents(34999).as_dollars(), 349.99);
    }

    #[test]
    fn five_percent_rounds_half_up_to_the_cent() {
        assert_eq!(Cents(1000).five_percent(), Cents(50));
        assert_eq!(Cents(1999).five_percent(), Cents(100)); // 99.95 → 100
        assert_eq!(Cents(1989).five_percent(), Cents(99)); // 99.45 → 99
        assert_eq!(Cents(10).five_percent(), Cents(1)); // 0.5 → 1
    }
}
