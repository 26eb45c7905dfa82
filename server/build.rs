//! Rebuilds the server when a migration is added to `migrations/`:
//! `sqlx::migrate!` (src/gallery/schema.rs) reads the folder while compiling,
//! and cargo tracks only the files it read, not a new one beside them.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
