//! What a brick is, in one place: its kind, and everything that follows from the
//! kind alone (its grid character, its name, whether it breaks, counts toward
//! clearing or holds a capsule, the hits it starts with, and the words the
//! checker's hints list the kinds in). The parser, the writer, the checker, the
//! game (`game::BrickState` carries the kind beside its live hits), the palette,
//! the editor's brushes and the drawing all ask it, so a new kind is a variant
//! here, its colour in `app/feel/palette.rs`, and its line in `levels/README.md`
//! (docs/architecture.md, "A brick kind").

/// What kind of brick a cell of the `[bricks]` grid holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BrickKind {
    /// Breaks after `hits` hits (1 to 9, its digit in the grid), scores them,
    /// and may hold a capsule.
    Breakable {
        /// Hits it takes to break when new.
        hits: u8,
    },
    /// Never breaks (`=`): balls bounce off it as off a wall.
    Steel,
    /// Explosive (`*`): breaks in one hit, and its blast breaks every breakable
    /// brick among its 8 neighbours a step later (an explosive one explodes in
    /// turn). Scores 1, and each brick its blast breaks scores its own points.
    Explosive,
    /// Regrowing (`~`): breaks in one hit (scoring 1) and grows back
    /// `REGROW_SECONDS` later, once no ball overlaps its cell. A solo level is
    /// cleared without it.
    Regrowing,
}

impl BrickKind {
    /// Every kind a level can hold, in the order the editor's palette and the
    /// checker's hints list them.
    pub const ALL: [BrickKind; 12] = [
        Self::Breakable { hits: 1 },
        Self::Breakable { hits: 2 },
        Self::Breakable { hits: 3 },
        Self::Breakable { hits: 4 },
        Self::Breakable { hits: 5 },
        Self::Breakable { hits: 6 },
        Self::Breakable { hits: 7 },
        Self::Breakable { hits: 8 },
        Self::Breakable { hits: 9 },
        Self::Steel,
        Self::Explosive,
        Self::Regrowing,
    ];

    /// The kind grid character `c` writes, if it writes one.
    pub fn from_char(c: char) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.char() == c)
    }

    /// Its character in the `[bricks]` grid (a count outside 1 to 9, which no
    /// file holds, writes as the nearest digit).
    pub fn char(self) -> char {
        match self {
            Self::Breakable { hits } => char::from(b'0' + hits.clamp(1, 9)),
            Self::Steel => '=',
            Self::Explosive => '*',
            Self::Regrowing => '~',
        }
    }

    /// Whether `c` reads as a brick to a person, so the checker says "a brick"
    /// rather than "unknown": every kind's character, and any digit (`0` too,
    /// which is no kind but is still a count to a reader).
    pub fn looks_like_brick(c: char) -> bool {
        c.is_ascii_digit() || Self::from_char(c).is_some()
    }

    /// Its name, as the editor's palette and the docs say it.
    pub fn name(self) -> String {
        match self {
            Self::Breakable { .. } => self.char().to_string(),
            Self::Steel => "steel".to_owned(),
            Self::Explosive => "blast".to_owned(),
            Self::Regrowing => "regrow".to_owned(),
        }
    }

    /// How the checker's hints describe the kind beside its character(s).
    fn described(self) -> &'static str {
        match self {
            Self::Breakable { .. } => "(hits to break)",
            Self::Steel => "unbreakable",
            Self::Explosive => "explosive",
            Self::Regrowing => "regrowing",
        }
    }

    /// The kind as a noun in a sentence ("sits on ..."), with its article.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Breakable { .. } => "a breakable brick",
            Self::Steel => "an unbreakable brick",
            Self::Explosive => "an explosive brick",
            Self::Regrowing => "a regrowing brick",
        }
    }

    /// The hits it takes to break when new; `None` if it never breaks.
    pub fn starting_hits(self) -> Option<u8> {
        match self {
            Self::Breakable { hits } => Some(hits),
            Self::Steel => None,
            Self::Explosive | Self::Regrowing => Some(1),
        }
    }

    /// Whether a ball can ever break it (so it opens a way, and never walls one in).
    pub fn breaks(self) -> bool {
        self.starting_hits().is_some()
    }

    /// Whether a solo game is won only once every brick of this kind is broken
    /// (and a ball that hits it is making progress, not stalled).
    pub fn counts_toward_clearing(self) -> bool {
        match self {
            Self::Breakable { .. } | Self::Explosive => true,
            // It grows back, so it may stand when the level is cleared.
            Self::Steel | Self::Regrowing => false,
        }
    }

    /// Whether it may hold a capsule (the `[powerups]` grid), dropped as it breaks.
    pub fn holds_capsule(self) -> bool {
        match self {
            Self::Breakable { .. } | Self::Explosive => true,
            // One capsule per break would be a capsule every regrowth.
            Self::Steel | Self::Regrowing => false,
        }
    }

    /// Whether breaking it sets off a blast that breaks its 8 neighbours.
    pub fn explodes(self) -> bool {
        self == Self::Explosive
    }

    /// Whether it grows back after it breaks.
    pub fn regrows(self) -> bool {
        self == Self::Regrowing
    }

    /// The points breaking it scores: its starting hits.
    pub fn points(self) -> u8 {
        self.starting_hits().unwrap_or(0)
    }

    /// The kinds `pick` chooses, as the hints list them: runs of [`Self::ALL`]
    /// described alike grouped ("`1` to `9`"), with their description when
    /// `described` ("`1` to `9` (hits to break), `=` unbreakable").
    pub fn listed(pick: impl Fn(Self) -> bool, described: bool) -> String {
        let mut groups: Vec<(Self, Self)> = Vec::new();
        for k in Self::ALL.into_iter().filter(|&k| pick(k)) {
            match groups.last_mut() {
                Some((first, last)) if first.described() == k.described() => *last = k,
                _ => groups.push((k, k)),
            }
        }
        let shown: Vec<String> = groups
            .into_iter()
            .map(|(first, last)| {
                let chars = if first == last {
                    format!("`{}`", first.char())
                } else {
                    format!("`{}` to `{}`", first.char(), last.char())
                };
                if described {
                    format!("{chars} {}", first.described())
                } else {
                    chars
                }
            })
            .collect();
        shown.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brick_kind_reads_back_from_its_character() {
        for k in BrickKind::ALL {
            assert_eq!(BrickKind::from_char(k.char()), Some(k), "{k:?}");
        }
        assert_eq!(BrickKind::from_char('.'), None);
        assert_eq!(BrickKind::from_char('0'), None);
        assert!(BrickKind::looks_like_brick('0'));
    }

    #[test]
    fn brick_kind_hints_list_the_kinds_in_the_files_words() {
        assert_eq!(
            BrickKind::listed(|_| true, true),
            "`1` to `9` (hits to break), `=` unbreakable, `*` explosive, `~` regrowing"
        );
        assert_eq!(
            BrickKind::listed(BrickKind::counts_toward_clearing, false),
            "`1` to `9`, `*`"
        );
        assert_eq!(BrickKind::listed(|k| !k.breaks(), false), "`=`");
    }

    #[test]
    fn brick_kind_properties_follow_from_the_kind() {
        let three = BrickKind::Breakable { hits: 3 };
        assert_eq!(three.starting_hits(), Some(3));
        assert_eq!(three.points(), 3);
        assert!(three.counts_toward_clearing() && three.holds_capsule());
        let steel = BrickKind::Steel;
        assert_eq!((steel.starting_hits(), steel.points()), (None, 0));
        assert!(!steel.breaks() && !steel.counts_toward_clearing() && !steel.holds_capsule());
        assert_eq!(steel.name(), "steel");
        assert_eq!(three.name(), "3");
        let blast = BrickKind::Explosive;
        assert_eq!((blast.starting_hits(), blast.points()), (Some(1), 1));
        assert!(blast.explodes() && blast.counts_toward_clearing() && blast.holds_capsule());
        let regrow = BrickKind::Regrowing;
        assert_eq!((regrow.starting_hits(), regrow.points()), (Some(1), 1));
        assert!(regrow.regrows() && regrow.breaks());
        assert!(!regrow.counts_toward_clearing() && !regrow.holds_capsule());
        assert!(!three.explodes() && !three.regrows() && !steel.explodes());
    }

    /// The checker's words about bricks, exactly as before the kinds had a type
    /// of their own (the hints are generated from [`BrickKind::ALL`] now).
    #[test]
    fn brick_kind_diagnostics_keep_their_words() {
        let said = |text: &str| {
            let d = crate::level::check_text(text).diagnostics;
            d.iter()
                .map(|d| format!("{} | {}", d.message, d.hint.clone().unwrap_or_default()))
                .collect::<Vec<_>>()
        };
        assert!(said("[bricks]\n1x1\n").contains(
            &"unknown brick `x` | bricks are `1` to `9` (hits to break), `=` unbreakable, `*` explosive, `~` regrowing, `.` empty"
                .to_owned()
        ));
        assert!(said("[bricks]\n1=\n[powerups]\n.S\n").contains(
            &"`S` sits on an unbreakable brick, which never drops it | move it onto a breakable brick (`1` to `9`, `*`)"
                .to_owned()
        ));
        assert!(said("[bricks]\n==\n").contains(
            &"there are no breakable bricks, so solo play can never be won | add bricks `1` to `9`, `*`, or set `mode = versus`"
                .to_owned()
        ));
        assert!(said("[bricks]\n~=~\n").contains(
            &"the only breakable bricks regrow (`~`), so solo play can never be won | add bricks `1` to `9`, `*`, or set `mode = versus`"
                .to_owned()
        ));
        assert!(said("[bricks]\n~*\n[powerups]\nS.\n").contains(
            &"`S` sits on a regrowing brick, which never drops it | move it onto a breakable brick (`1` to `9`, `*`)"
                .to_owned()
        ));
        assert!(said("mode = versus\n[bricks]\n~~\n").is_empty());
        assert!(said("[bricks]\n1=\n[powerups]\n0.\n")
            .iter()
            .any(|l| l.starts_with("`0` is a brick, not a power-up")));
    }
}
