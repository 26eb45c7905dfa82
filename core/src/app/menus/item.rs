//! `Item`: one row of a menu screen, what it says and what choosing it does.

use super::keys_page::KeyItem;
use super::menu::Screen;
use crate::app::feel::Effect;
use crate::app::play::PlayMode;
use crate::game::Difficulty;

/// One item on a menu screen: what it says and what choosing it does. Each
/// screen's items are a list of these (see [`Menu::entries`]), so adding an item is
/// one line there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    /// Opens another screen.
    Open(Screen, &'static str),
    /// Today's daily challenge (the title's row; what it says is
    /// [`super::Menu::daily_line`]): opens it on the Community screen.
    Daily,
    /// Chooses who plays, then moves on (to the CPU's strength, or the levels).
    Who(PlayMode, &'static str),
    /// Chooses the CPU's strength, then moves on to the levels.
    Strength(Difficulty),
    /// Starts a game on level `n` of the list.
    Level(usize),
    /// The set shown (the level select's and the high scores' first rows): left
    /// and right turn it; choosing it on the level select opens the set list.
    SetRow,
    /// Chooses set `n` of [`Menu::sets`] and shows its levels.
    Set(usize),
    /// The volume setting (left and right change it).
    Volume,
    /// The music's own volume (0 is off).
    MusicVolume,
    /// The sound on/off setting.
    Sound,
    /// The reduced-motion setting (no shake, no flashes).
    Motion,
    /// The high-contrast setting (owner colours for colour-blind players).
    Contrast,
    /// One effect's switch on the Juice page.
    Juice(Effect),
    /// An item of the Keys page.
    Keys(KeyItem),
    /// Back to the game.
    Resume,
    /// The next level of a solo run.
    NextLevel,
    /// The same game again.
    PlayAgain,
    /// Leave the game for the title screen.
    EndGame(&'static str),
    /// End a solo run between levels (its score may enter the table).
    EndRun,
    /// Done entering a name: the score is saved under it.
    NameDone,
    /// Leave the name entry without saving the score.
    NameSkip,
    /// The High scores screen's table: left, right or choosing it shows the
    /// next way of playing's.
    ScoresTable,
    /// Up one screen.
    Back,
    /// Quit the program.
    Quit,
    /// "Yes" on the quit question: the program ends.
    QuitYes,
    /// "No" on the quit question: back to the title.
    QuitNo,
}

impl Item {
    /// Whether the item is a value that goes both ways (left and right, or the
    /// − and + a finger taps beside it): the volumes, the high scores' table,
    /// the Keys page's key set.
    pub fn two_way(self) -> bool {
        matches!(
            self,
            Item::Volume
                | Item::MusicVolume
                | Item::ScoresTable
                | Item::SetRow
                | Item::Keys(KeyItem::Set)
        )
    }
}
