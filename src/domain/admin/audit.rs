//! The audit log's entries (docs/rules.md#the-audit-log): every back-office write
//! says who made it, when, what it touched, and the values before and after.

use crate::domain::ids::ShopperId;
use serde::Serialize;
use serde_json::Value;

use crate::domain::time::Timestamp;

/// Who makes a back-office write.
#[derive(Debug, Clone)]
pub struct Actor {
    /// `None` for the command line (`market staff`), which is the operator's.
    pub id: Option<ShopperId>,
    /// The account's username as it is now (the log keeps it as it was).
    pub name: String,
}

impl Actor {
    /// The operator at the command line.
    pub fn command_line() -> Actor {
        Actor { id: None, name: "command line".into() }
    }
}

/// One write, as the log keeps it.
#[derive(Debug, Clone)]
pub struct Entry {
    /// What was done, as `thing.verb`: `product.update`, `order.status`, `staff.add`.
    pub action: &'static str,
    pub thing: &'static str,
    pub thing_id: Option<i64>,
    /// The fields the write changed, as they were and as they became (JSON objects);
    /// `None` where there was nothing before (a creation) or after (a removal).
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// An entry as read back.
#[derive(Debug, Clone, Serialize)]
pub struct Logged {
    pub id: i64,
    pub at: Timestamp,
    pub actor_id: Option<i64>,
    pub actor: String,
    pub action: String,
    pub thing: String,
    pub thing_id: Option<i64>,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Only the fields that differ between `before` and `after` (two JSON objects), so an
/// entry reads as the change it records.
pub fn changed_fields(before: &Value, after: &Value) -> (Value, Value) {
    let (Some(b), Some(a)) = (before.as_object(), after.as_object()) else {
        return (before.clone(), after.clone());
    };
    let mut was = serde_json::Map::new();
    let mut now = serde_json::Map::new();
    for (key, value) in a {
        if b.get(key) != Some(value) {
            was.insert(key.clone(), b.get(key).cloned().unwrap_or(Value::Null));
            now.insert(key.clone(), value.clone());
        }
    }
    (Value::Object(was), Value::Object(now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_entry_keeps_only_what_changed() {
        let (was, now) = changed_fields(
            &json!({"name": "Lamp", "price": 19.99, "stock": 4}),
            &json!({"name": "Lamp", "price": 17.99, "stock": 4}),
        );
        assert_eq!((was, now), (json!({"price": 19.99}), json!({"price": 17.99})));
    }
}
