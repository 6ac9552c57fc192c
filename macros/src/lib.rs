//! `#[api_operation(...)]`: a handler's OpenAPI operation, written without the method,
//! path and security that the route table (`src/api/mod.rs`) gives it.
//!
//! utoipa's `#[utoipa::path]` needs a method and a path. This attribute expands to
//!
//! ```text
//! #[utoipa::path(get, path = concat!(module_path!(), "::<fn name>"), <its own arguments>)]
//! ```
//!
//! a stand-in key, the handler's own Rust path, that no one reads: the route table's
//! document step (`api::openapi::place_operations`) finds each handler's operation under
//! it and moves it to the method and path the table gives, with the security the
//! table's access implies. An argument that would say what the table says (a method,
//! `path`, `security`) is refused here, where it is written.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// What the route table says, and so an annotation may not.
const THE_TABLES: [&str; 12] = [
    "get",
    "post",
    "put",
    "patch",
    "delete",
    "head",
    "options",
    "trace",
    "method",
    "path",
    "context_path",
    "security",
];

#[proc_macro_attribute]
pub fn api_operation(args: TokenStream, item: TokenStream) -> TokenStream {
    if let Some(said) = says_what_the_table_says(&args) {
        let message = format!(
            "`{said}` is the route table's to say (src/api/mod.rs): an operation names no method, path or security"
        );
        return error(said.span(), &message, item);
    }
    let Some(name) = function_name(&item) else {
        return error(Span::call_site(), "#[api_operation] goes on a handler function", item);
    };
    let mut arguments: TokenStream =
        format!("get, path = concat!(module_path!(), \"::{name}\"),").parse().expect("the stand-in parses");
    arguments.extend(args);
    let mut path: TokenStream = "utoipa::path".parse().expect("the attribute's name parses");
    path.extend([TokenTree::Group(Group::new(Delimiter::Parenthesis, arguments))]);
    let mut expanded: TokenStream = [
        TokenTree::Punct(Punct::new('#', Spacing::Alone)),
        TokenTree::Group(Group::new(Delimiter::Bracket, path)),
    ]
    .into_iter()
    .collect();
    expanded.extend(item);
    expanded
}

/// The first top-level argument whose name is one the route table gives.
fn says_what_the_table_says(args: &TokenStream) -> Option<Ident> {
    let mut at_start = true;
    for token in args.clone() {
        match token {
            TokenTree::Ident(ident) if at_start && THE_TABLES.contains(&ident.to_string().as_str()) => {
                return Some(ident);
            }
            TokenTree::Punct(punct) if punct.as_char() == ',' => at_start = true,
            _ => at_start = false,
        }
    }
    None
}

/// The name after `fn` in the item's own tokens (not in its attributes).
fn function_name(item: &TokenStream) -> Option<String> {
    let mut tokens = item.clone().into_iter();
    while let Some(token) = tokens.next() {
        if matches!(&token, TokenTree::Ident(ident) if ident.to_string() == "fn") {
            return match tokens.next() {
                Some(TokenTree::Ident(name)) => Some(name.to_string()),
                _ => None,
            };
        }
    }
    None
}

/// `compile_error!(message)` at `span`, and the item as it was.
fn error(span: Span, message: &str, item: TokenStream) -> TokenStream {
    let mut literal = Literal::string(message);
    literal.set_span(span);
    let mut bang = Punct::new('!', Spacing::Alone);
    bang.set_span(span);
    let mut semicolon = Punct::new(';', Spacing::Alone);
    semicolon.set_span(span);
    let mut tokens: TokenStream = [
        TokenTree::Ident(Ident::new("compile_error", span)),
        TokenTree::Punct(bang),
        TokenTree::Group(Group::new(Delimiter::Parenthesis, TokenTree::Literal(literal).into())),
        TokenTree::Punct(semicolon),
    ]
    .into_iter()
    .collect();
    tokens.extend(item);
    tokens
}
