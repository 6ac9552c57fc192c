//! Money is integer cents everywhere; it becomes a decimal number only on the wire.

use serde::{Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
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

/// Sent as a JSON number with at most two decimals (1999 → 19.99): the shortest
/// float that round-trips is exactly the decimal a shopper reads.
impl Serialize for Cents {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0 as f64 / 100.0)
    }
}

/// In the API's contract: a number of dollars (at most two decimals), never negative.
impl utoipa::PartialSchema for Cents {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .minimum(Some(0))
            .description(Some("US dollars, with at most two decimals"))
            .examples([serde_json::json!(19.99)])
            .into()
    }
}

impl utoipa::ToSchema for Cents {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_a_two_decimal_number() {
        assert_eq!(serde_json::to_string(&Cents(1999)).unwrap(), "19.99");
        assert_eq!(serde_json::to_string(&Cents(34999)).unwrap(), "349.99");
        assert_eq!(serde_json::to_string(&Cents(500)).unwrap(), "5.0");
        assert_eq!(serde_json::to_string(&Cents(1)).unwrap(), "0.01");
    }

    #[test]
    fn five_percent_rounds_half_up_to_the_cent() {
        assert_eq!(Cents(1000).five_percent(), Cents(50));
        assert_eq!(Cents(1999).five_percent(), Cents(100)); // 99.95 → 100
        assert_eq!(Cents(1989).five_percent(), Cents(99)); // 99.45 → 99
        assert_eq!(Cents(10).five_percent(), Cents(1)); // 0.5 → 1
    }
}
