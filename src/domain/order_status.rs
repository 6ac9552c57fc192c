//! Where an order stands, and the moves it may make (docs/rules.md#back-office-products-and-orders).

/// Where an order stands. It moves one step at a time along Received → Packed →
/// Shipped → Delivered, or to Cancelled before it ships (its units go back to stock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub enum OrderStatus {
    Received,
    Packed,
    Shipped,
    Delivered,
    Cancelled,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 5] = [
        OrderStatus::Received,
        OrderStatus::Packed,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Received => "Received",
            OrderStatus::Packed => "Packed",
            OrderStatus::Shipped => "Shipped",
            OrderStatus::Delivered => "Delivered",
            OrderStatus::Cancelled => "Cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Whether an order in this status may move to `to`: the next step, or Cancelled
    /// while it has not shipped.
    pub fn may_move_to(self, to: OrderStatus) -> bool {
        use OrderStatus::*;
        matches!(
            (self, to),
            (Received, Packed) | (Packed, Shipped) | (Shipped, Delivered) | (Received | Packed, Cancelled)
        )
    }

    /// Whether the order's units are still out of stock (its goods are the shopper's or
    /// on their way): all but a cancelled order.
    pub fn holds_stock(self) -> bool {
        self != OrderStatus::Cancelled
    }
}

impl std::fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_moves_one_step_at_a_time_and_is_cancelled_only_before_it_ships() {
        use OrderStatus::*;
        assert!(
            Received.may_move_to(Packed) && Packed.may_move_to(Shipped) && Shipped.may_move_to(Delivered)
        );
        assert!(Received.may_move_to(Cancelled) && Packed.may_move_to(Cancelled));
        for (from, to) in [
            (Received, Shipped),
            (Packed, Received),
            (Shipped, Cancelled),
            (Delivered, Cancelled),
            (Cancelled, Received),
            (Received, Received),
        ] {
            assert!(!from.may_move_to(to), "{from} to {to}");
        }
    }
}
