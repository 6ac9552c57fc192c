//! Who may do what (docs/rules.md#roles). Every account is a shopper; a few are also
//! staff of the store, at one of three levels, each able to do all the one below can.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Shops: cart, favorites, orders, reviews.
    Shopper,
    /// Reads the whole back office, changes nothing.
    Viewer,
    /// Also changes the catalog, stock, orders and reviews.
    Staff,
    /// Also manages staff accounts and disables shoppers' accounts.
    Owner,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Shopper, Role::Viewer, Role::Staff, Role::Owner];

    /// As the database and the API write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Shopper => "shopper",
            Role::Viewer => "viewer",
            Role::Staff => "staff",
            Role::Owner => "owner",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// Whether this role may use what `needed` may: the levels are ordered, each
    /// holding every power of those below it.
    pub fn reaches(self, needed: Role) -> bool {
        self >= needed
    }

    /// Whether the back office opens to this role at all.
    pub fn is_staff(self) -> bool {
        self.reaches(Role::Viewer)
    }
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_holds_the_powers_of_those_below_it() {
        assert!(Role::Owner.reaches(Role::Staff) && Role::Staff.reaches(Role::Viewer));
        assert!(!Role::Viewer.reaches(Role::Staff) && !Role::Staff.reaches(Role::Owner));
        assert!(!Role::Shopper.is_staff() && Role::Viewer.is_staff());
    }

    #[test]
    fn roles_read_back_as_written() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("admin"), None);
    }
}
