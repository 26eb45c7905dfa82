//! The community records on disk (issue 35, review finding 1): the edit keys
//! are the only copy, so a `community` record that cannot be read is never
//! written over. One test in its own process, as it sets the data folder.

#![cfg(feature = "online")]

use arkanong_core::app::community::{CommunityBook, BOOK_RECORD};

#[test]
fn an_unreadable_community_record_is_set_aside_or_left_alone_never_overwritten() {
    let dir = std::env::temp_dir().join(format!("arkanong-book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::env::set_var("ARKANONG_DATA_DIR", &dir);
    let record = dir.join(format!("{BOOK_RECORD}.txt"));

    // Not UTF-8: set aside whole, then a fresh record may be written.
    let bytes = b"player = abc\nkey.ABCDEF = \xff\xfe secret\n".to_vec();
    std::fs::write(&record, &bytes).unwrap();
    let mut book = CommunityBook::load(1_795_558_500);
    assert!(!book.messages.is_empty(), "the player is told");
    let aside = dir.join(format!("{BOOK_RECORD}.txt.unreadable-20261124T221500"));
    assert_eq!(
        std::fs::read(&aside).unwrap(),
        bytes,
        "every byte kept aside"
    );
    assert!(book.ensure_player([1; 16]));
    let (saves, held) = book.saves();
    assert!(held.is_empty(), "{held:?}");
    assert!(saves.iter().any(|(n, _)| *n == BOOK_RECORD), "{saves:?}");

    // Cannot be read at all (here a folder where the file goes): left alone.
    std::fs::remove_file(&record).ok();
    std::fs::create_dir_all(&record).unwrap();
    std::fs::write(record.join("keys"), "the player's keys").unwrap();
    let mut book = CommunityBook::load(1_795_558_501);
    assert!(book.ensure_player([2; 16]));
    book.keys.insert("ABCDEF".into(), "new".into());
    let (saves, held) = book.saves();
    assert!(saves.iter().all(|(n, _)| *n != BOOK_RECORD), "{saves:?}");
    assert_eq!(held.len(), 1, "the player is told once: {held:?}");
    assert!(record.join("keys").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
