//! `market staff add|list|remove`: the operator's way to make the store's first owner,
//! and to manage staff without the back office. Runs against the database directly
//! (migrating and seeding a new one first, as `serve` would); every change is in the
//! audit log, made by "command line".

use std::io::{BufRead, IsTerminal};

use anyhow::Context;

use crate::auth::Passwords;
use crate::cli::StaffCommand;
use crate::db::admin::staff::{Added, NewStaff, Who};
use crate::db::{Db, Limits, Location};
use crate::domain::admin::audit::Actor;
use crate::domain::admin::inputs::{staff_identity, staff_password};
use crate::domain::roles::Role;
use crate::domain::{ShopperId, demo};

pub fn run(location: &Location, command: &StaffCommand) -> anyhow::Result<()> {
    let db = Db::open_with(location, Limits::default())?;
    actix_web::rt::System::new().block_on(async move {
        match command {
            StaffCommand::Add { username, role, email } => add(&db, username, role, email.as_deref()).await,
            StaffCommand::List => list(&db).await,
            StaffCommand::Remove { username } => remove(&db, username).await,
        }
    })
}

async fn add(db: &Db, username: &str, role: &str, email: Option<&str>) -> anyhow::Result<()> {
    let role = Role::parse(role).context("the role is owner, staff or viewer")?;
    let email = email.map_or_else(|| format!("{username}@market.test"), str::to_owned);
    staff_identity(username, &email).map_err(refused)?;
    let exists = db.list_staff().await?.iter().any(|s| s.user.username.eq_ignore_ascii_case(username))
        || db
            .find_login(username.to_owned())
            .await?
            .is_some_and(|l| l.user.username.eq_ignore_ascii_case(username));
    let password = read_password(username, exists)?;
    let password_hash = match password {
        Some(password) => {
            staff_password(&password).map_err(refused)?;
            Some(Passwords::new().hash(password).await.map_err(|e| anyhow::anyhow!("{e}"))?)
        }
        None => None,
    };
    let first_name: String = username.chars().take(25).collect();
    let new = NewStaff {
        username: username.to_owned(),
        role,
        email,
        first_name,
        last_name: capitalized(role.as_str()),
        password_hash,
    };
    match db.add_staff(Actor::command_line(), new, true).await.map_err(|e| anyhow::anyhow!("{}", said(e)))? {
        Added::Created(user) => println!("Created {} ({}) as {}.", user.username, user.email, user.role),
        Added::Promoted(user, was) => println!("{} is now {} (was {was}).", user.username, user.role),
    }
    Ok(())
}

/// A public demo's look-only login (`market serve --demo`): made as a viewer when the
/// store has no `admin`, and given back its published password and use if someone
/// changed them. An `admin` with any other role is the operator's own account, which a
/// demo must not take over or print the password of: the store does not start.
pub async fn ensure_demo_viewer(db: &Db, passwords: &Passwords) -> anyhow::Result<ShopperId> {
    let found = db.find_login(demo::VIEWER.username.to_owned()).await?;
    let whose = |e: crate::error::ApiError| anyhow::anyhow!("{e}");
    if let Some(login) = &found {
        anyhow::ensure!(
            login.user.role == Role::Viewer,
            "--demo publishes the login `{}` as the back office's look-only account, and `{}` is a {} of \
             this store: rename that account (or take its role with `market staff remove`) first",
            demo::VIEWER.username,
            login.user.username,
            login.user.role
        );
        let intact = !login.disabled
            && passwords
                .verify(demo::VIEWER.password.to_owned(), Some(login.password_hash.clone()))
                .await
                .map_err(whose)?;
        if intact {
            return Ok(login.user.id);
        }
    }
    let new = NewStaff {
        username: demo::VIEWER.username.to_owned(),
        role: Role::Viewer,
        email: format!("{}@market.test", demo::VIEWER.username),
        first_name: "Demo".into(),
        last_name: "Viewer".into(),
        password_hash: Some(passwords.hash(demo::VIEWER.password.to_owned()).await.map_err(whose)?),
    };
    let actor = Actor { id: None, name: "market serve --demo".into() };
    let user = match db.add_staff(actor, new, true).await.map_err(|e| anyhow::anyhow!("{}", said(e)))? {
        Added::Created(user) | Added::Promoted(user, _) => user,
    };
    // Whoever signed in with the password it had before is signed out.
    db.delete_sessions_of(user.id).await?;
    Ok(user.id)
}

async fn list(db: &Db) -> anyhow::Result<()> {
    let staff = db.list_staff().await?;
    if staff.is_empty() {
        println!("No staff yet. Make the first owner with: market staff add USERNAME --role owner");
        return Ok(());
    }
    let width = staff.iter().map(|s| s.user.username.chars().count()).max().unwrap_or(8).max(8);
    println!("{:width$}  {:7}  {:32}  state", "username", "role", "email");
    for s in staff {
        let mut state = vec![];
        if s.disabled {
            state.push("disabled");
        }
        if s.second_factor {
            state.push("second factor on");
        }
        println!(
            "{:width$}  {:7}  {:32}  {}",
            s.user.username,
            s.user.role.as_str(),
            s.user.email,
            state.join(", ")
        );
    }
    Ok(())
}

async fn remove(db: &Db, username: &str) -> anyhow::Result<()> {
    let user = db
        .set_role(Actor::command_line(), Who::Name(username.to_owned()), Role::Shopper)
        .await
        .map_err(|e| anyhow::anyhow!("{}", said(e)))?;
    println!("{} is no longer staff; the account stays, as a shopper's.", user.username);
    Ok(())
}

/// The password from standard input: asked for twice without echo on a terminal, else
/// its first line. `None` keeps an existing account's password (an empty answer).
fn read_password(username: &str, exists: bool) -> anyhow::Result<Option<String>> {
    let password = if std::io::stdin().is_terminal() {
        let hint = if exists { " (Enter keeps the current one)" } else { "" };
        let first = rpassword::prompt_password(format!("Password for {username}{hint}: "))?;
        if !first.is_empty() {
            let again = rpassword::prompt_password("The same password again: ")?;
            anyhow::ensure!(first == again, "the two passwords differ; nothing was changed");
        }
        first
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    match (password.is_empty(), exists) {
        (true, true) => Ok(None),
        (true, false) => anyhow::bail!("a new account needs a password, read from standard input"),
        (false, _) => Ok(Some(password)),
    }
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn refused(rejection: crate::domain::Rejection) -> anyhow::Error {
    let mut lines = rejection.errors();
    if lines.is_empty() {
        lines.push(rejection.to_string());
    }
    anyhow::anyhow!("{}", lines.join(" "))
}

/// A storage failure in the words a person reads.
fn said(e: crate::db::Error) -> String {
    match e {
        crate::db::Error::Rejected(rejection) => refused(rejection).to_string(),
        crate::db::Error::NotFound(_) => "there is no account by that name".into(),
        other => other.to_string(),
    }
}
