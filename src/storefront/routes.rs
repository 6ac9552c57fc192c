//! The app's addresses as the server tells them apart: the same table as the app's
//! router (web/src/lib/paths.ts; a test below holds the two together), matched the way
//! React Router matches them (letters in any case, a trailing slash or not).

/// One of the app's screens, as an address names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Home,
    /// `None` when the address's id is not an id: it names nothing.
    Department(Option<i64>),
    Product {
        department: Option<i64>,
        product: Option<i64>,
    },
    Search,
    /// Every other screen: a marketing page, sign-in, or a shopper's own.
    Screen(&'static Screen),
    /// The back office (`/admin` and below): the app's shell, for the app to guard.
    BackOffice,
}

/// A screen the server writes nothing of its own for but its head.
#[derive(Debug, PartialEq, Eq)]
pub struct Screen {
    /// As paths.ts writes it: `/orders/:orderId`.
    pub path: &'static str,
    /// As the screen titles itself (its `usePageTitle`).
    pub title: &'static str,
    /// What a link preview or a search result says of it; `None` for a shopper's own
    /// screens, which no crawler should index.
    pub description: Option<&'static str>,
    /// The app's module for it (`web/src/pages/<module>.tsx`), fetched early.
    pub module: &'static str,
}

pub const SCREENS: [Screen; 22] = [
    Screen {
        path: "/weeklyad",
        title: "Weekly Ad",
        description: Some(
            "This week's deals at Market, page by page: holiday gifts, electronics, toys and home, with free delivery on every order.",
        ),
        module: "WeeklyAdPage",
    },
    Screen {
        path: "/redcard",
        title: "RedCard",
        description: Some(
            "Save 5% today and every day at Market with the RedCard credit card, debit card or reloadable account, plus an extra 30 days for returns.",
        ),
        module: "RedCardPage",
    },
    Screen {
        path: "/square",
        title: "Market Square",
        description: Some(
            "Market Square, the free rewards program: earn 1% on every purchase, get a birthday treat and unlock offers that save 5-50%.",
        ),
        module: "SquarePage",
    },
    Screen {
        path: "/login",
        title: "Sign in",
        description: Some(
            "Sign in to Market to see your cart, your orders, your favorites and your reviews.",
        ),
        module: "LoginPage",
    },
    Screen {
        path: "/signup",
        title: "Create account",
        description: Some(
            "Create a Market account to keep a cart and favorites, check out with your store card and review what you bought.",
        ),
        module: "SignupPage",
    },
    Screen {
        path: "/forgot-password",
        title: "Forgot password",
        description: None,
        module: "ForgotPasswordPage",
    },
    Screen {
        path: "/reset-password",
        title: "Choose a new password",
        description: None,
        module: "ResetPasswordPage",
    },
    Screen { path: "/cart", title: "Cart", description: None, module: "CartPage" },
    Screen { path: "/checkout", title: "Checkout", description: None, module: "CheckoutPage" },
    Screen {
        path: "/order-confirmation/:orderId",
        title: "Thank you for your order",
        description: None,
        module: "OrderConfirmationPage",
    },
    Screen { path: "/account", title: "Account", description: None, module: "AccountPage" },
    Screen { path: "/account/orders", title: "Orders", description: None, module: "OrdersPage" },
    Screen { path: "/orders/:orderId", title: "Order", description: None, module: "OrderPage" },
    Screen { path: "/account/reviews", title: "Your reviews", description: None, module: "MyReviewsPage" },
    Screen { path: "/account/addresses", title: "Addresses", description: None, module: "AddressesPage" },
    Screen {
        path: "/products/:productId/add-review",
        title: "Write a review",
        description: None,
        module: "AddReviewPage",
    },
    Screen {
        path: "/reviews/:reviewId/edit",
        title: "Edit your review",
        description: None,
        module: "EditReviewPage",
    },
    Screen { path: "/favorites", title: "Favorites", description: None, module: "FavoritesPage" },
    Screen {
        path: "/account/settings",
        title: "Account settings",
        description: None,
        module: "AccountSettingsPage",
    },
    Screen { path: "/account/inbox", title: "Inbox", description: None, module: "InboxPage" },
    Screen {
        path: "/account/email",
        title: "Confirm your e-mail",
        description: None,
        module: "EmailConfirmationPage",
    },
    Screen {
        path: "/unsubscribe",
        title: "Stop back-in-stock mails",
        description: None,
        module: "UnsubscribePage",
    },
];

/// The back office's addresses, as paths.ts writes them. The server writes nothing of
/// them but the shell and a head no crawler indexes, and names none of their code: a
/// shopper who opens one downloads none of the back office (the app shows them the
/// not-found page).
pub const BACK_OFFICE: [&str; 15] = [
    "/admin",
    "/admin/products",
    "/admin/products/new",
    "/admin/products/:productId",
    "/admin/import",
    "/admin/orders",
    "/admin/orders/:orderId",
    "/admin/reviews",
    "/admin/shipping",
    "/admin/promotions",
    "/admin/shoppers",
    "/admin/staff",
    "/admin/audit",
    "/admin/mail",
    "/admin/mail/:mailId",
];

/// The screen an address shows, or `None` when it is none of the app's.
pub fn route(path: &str) -> Option<Route> {
    let trimmed = path.strip_suffix('/').filter(|p| !p.is_empty()).unwrap_or(path);
    let segments: Vec<&str> = trimmed.split('/').skip(1).collect();
    let is = |segment: &str, name: &str| segment.eq_ignore_ascii_case(name);
    match segments.as_slice() {
        [""] => Some(Route::Home),
        [departments, id] if is(departments, "departments") => Some(Route::Department(id_of(id))),
        [departments, department, products, product]
            if is(departments, "departments") && is(products, "products") =>
        {
            Some(Route::Product { department: id_of(department), product: id_of(product) })
        }
        [search] if is(search, "search") => Some(Route::Search),
        [admin, ..] if is(admin, "admin") && BACK_OFFICE.iter().any(|p| matches(p, &segments)) => {
            Some(Route::BackOffice)
        }
        _ => SCREENS.iter().find(|screen| matches(screen.path, &segments)).map(Route::Screen),
    }
}

fn matches(pattern: &str, segments: &[&str]) -> bool {
    let parts: Vec<&str> = pattern.split('/').skip(1).collect();
    parts.len() == segments.len()
        && parts.iter().zip(segments).all(|(part, segment)| {
            if part.starts_with(':') { !segment.is_empty() } else { part.eq_ignore_ascii_case(segment) }
        })
}

/// An id as the app reads one (web/src/lib/ids.ts): digits without a leading zero, at
/// most 16 of them, within JavaScript's safe integers.
fn id_of(segment: &str) -> Option<i64> {
    const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;
    let digits =
        segment.len() <= 16 && !segment.starts_with('0') && segment.bytes().all(|b| b.is_ascii_digit());
    segment.parse::<i64>().ok().filter(|id| digits && (1..=MAX_SAFE_INTEGER).contains(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_name_their_screens() {
        assert_eq!(route("/"), Some(Route::Home));
        assert_eq!(route("/departments/5"), Some(Route::Department(Some(5))));
        assert_eq!(route("/Departments/5/"), Some(Route::Department(Some(5))));
        assert_eq!(route("/departments/05"), Some(Route::Department(None)));
        assert_eq!(route("/departments/lamps"), Some(Route::Department(None)));
        assert_eq!(
            route("/departments/5/products/51"),
            Some(Route::Product { department: Some(5), product: Some(51) })
        );
        assert_eq!(
            route("/departments/5/products/99999999999999999"),
            Some(Route::Product { department: Some(5), product: None })
        );
        assert_eq!(route("/search"), Some(Route::Search));
        assert_eq!(route("/orders/12"), Some(Route::Screen(&SCREENS[12])));
        assert_eq!(route("/WeeklyAd"), Some(Route::Screen(&SCREENS[0])));
        for nothing in ["/nope", "/departments", "/departments/5/products", "/orders", "/account/orders/1"] {
            assert_eq!(route(nothing), None, "{nothing}");
        }
    }

    /// Every route of the app's table is one the server knows, and no other.
    #[test]
    fn the_server_knows_every_address_of_the_app() {
        let table =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/web/src/lib/paths.ts")).unwrap();
        let start = table.find("export const paths = {").expect("paths.ts has its table");
        let end = start + table[start..].find("} as const").expect("the table ends");
        let app: Vec<&str> = table[start..end].lines().filter_map(|line| line.split('\'').nth(1)).collect();
        let mut known = vec![
            "/",
            "/departments/:departmentId",
            "/departments/:departmentId/products/:productId",
            "/search",
        ];
        known.extend(SCREENS.iter().map(|s| s.path));
        known.extend(BACK_OFFICE);
        let mut sorted_app = app.clone();
        sorted_app.sort_unstable();
        known.sort_unstable();
        assert_eq!(sorted_app, known);
        for path in app {
            let example = path
                .replace(":departmentId", "5")
                .replace(":productId", "51")
                .replace(":orderId", "3")
                .replace(":reviewId", "7")
                .replace(":mailId", "9");
            assert!(route(&example).is_some(), "{example} names none of the app's screens");
        }
    }
}
