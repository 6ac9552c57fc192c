//! Who may touch what (docs/rules.md#ownership): a shopper's cart lines, favorites and
//! reviews are theirs alone. Asking for someone else's is a 403, for one that does not
//! exist a 404; neither changes anything.

use super::ids::ShopperId;
use super::rejection::{Rejection, Thing};

/// Why a write to `thing` by `user_id` touched nothing, given the row's owner as found
/// in the same transaction (`None`: no such row).
pub fn refusal(thing: Thing, owner: Option<ShopperId>, user_id: ShopperId) -> Rejection {
    match owner {
        Some(owner) if owner != user_id => Rejection::NotYours(thing),
        // Gone, or (if it is ours after all) gone between the write and this look.
        _ => Rejection::NotFound(thing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn someone_elses_row_is_forbidden_and_a_missing_one_not_found() {
        assert_eq!(
            refusal(Thing::Review, Some(ShopperId(2)), ShopperId(1)),
            Rejection::NotYours(Thing::Review)
        );
        assert_eq!(refusal(Thing::Review, None, ShopperId(1)), Rejection::NotFound(Thing::Review));
        assert_eq!(Rejection::NotYours(Thing::CartLine).to_string(), "This cart item is not yours");
        assert_eq!(Rejection::NotFound(Thing::CartLine).to_string(), "Cart item couldn't be found");
    }
}
