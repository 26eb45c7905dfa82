//! Where the figure's names go (issue 25: "labels never cover the figure"),
//! worked out without a window. Each name tries places round the point it names,
//! nearest first (right and above, right and below, left and above, left and
//! below, beside, over, under, then the same a step further out each time), and
//! takes the first whose box stays in the figure and meets no ink (a line, an
//! outline, an arrow, a disc, a dot, a handle) and no other name. A name that had
//! to move far gets a leader line back to its point. When no place is clear (a
//! crowded live world), the one that covers the least wins: other names first,
//! then solid ink, then faint construction lines. The shell draws the names where
//! [`place_labels`] put them.

use glam::{vec2, Vec2};

use super::figure::{disc_meets_box, stroke_meets_box, FigureFrame, Ink, HANDLE_RADIUS};
use super::fit::LabLayout;
use super::marks::{Mark, Tone};
use super::state::Lab;
use crate::app::layout::MIN_TEXT_PX;
use crate::geom::Rect;

/// A letter's advance in the shell's text face (Noto Sans Mono, monospaced: 600
/// of its 1000 units), as a share of the text size: measured at 8.4 px for 14 px
/// text (the screenshot sidecar's `texts`). The pixel font's was 0.4375: names
/// laid out for it were drawn wider than their boxes.
pub const LETTER_ADVANCE: f32 = 0.6;
/// A name's box height as a share of its text size: the face's line box (13 px
/// for 12 px text, 15 for 14) fits inside.
pub(super) const LABEL_HEIGHT: f32 = 1.15;
/// Pixels between a mark's point and its name.
const MARK_GAP: f32 = 6.0;
/// Pixels kept between two names.
const LABEL_GAP: f32 = 2.0;
/// Pixels kept between a name and the figure's edge.
const EDGE_GAP: f32 = 2.0;
/// A name this many of its heights or more from its point gets a leader line.
const LEADER_FROM: f32 = 1.5;
/// The obstacle grid's cell, pixels.
const CELL: f32 = 48.0;

/// A leader line: from the named point to the nearest point of its name's box.
type Leader = (Vec2, Vec2);

/// The box a name of `text` at `size` pixels takes (see [`LETTER_ADVANCE`]).
pub fn label_size(text: &str, size: f32) -> Vec2 {
    let size = size.round().max(1.0);
    vec2(
        text.chars().count() as f32 * LETTER_ADVANCE * size,
        LABEL_HEIGHT * size,
    )
}

/// What a name names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelOf {
    /// A mark's label, in this tone's colour.
    Mark(Tone),
    /// The handle of this index.
    Handle(usize),
}

/// A name where [`place_labels`] put it, pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedLabel {
    /// The words.
    pub text: String,
    /// What it names.
    pub of: LabelOf,
    /// The text size.
    pub size: f32,
    /// Its box: the shell centres the text's line box in it.
    pub rect: Rect,
    /// The point it names.
    pub anchor: Vec2,
    /// A line from the point to the box, when the name had to move far.
    pub leader: Option<(Vec2, Vec2)>,
}

/// How much a place covers: other names (and their leaders), solid ink, faint
/// ink. Compared in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(super) struct Covers {
    /// Other names, or their leader lines, it meets.
    pub labels: u32,
    /// Solid strokes and discs it meets.
    pub solid: u32,
    /// Faint construction strokes it meets.
    pub faint: u32,
}

/// Every name of the lab's figure, placed clear of the figure and of each other
/// in `layout`: the marks' labels in order, then the handles' names.
pub fn place_labels(lab: &Lab, layout: &LabLayout) -> Vec<PlacedLabel> {
    let frame = FigureFrame::fit(lab.view, layout);
    let marks = lab.marks();
    let labels = marks.iter().filter_map(|m| match m {
        Mark::Label { at, text, tone } => Some((
            text.as_str(),
            LabelOf::Mark(*tone),
            frame.to_screen(*at),
            MARK_GAP,
            layout.small,
        )),
        _ => None,
    });
    let handles = (lab.handles.iter().zip(lab.handle_names()).enumerate()).map(|(i, (h, n))| {
        let at = frame.to_screen(*h);
        (
            *n,
            LabelOf::Handle(i),
            at,
            HANDLE_RADIUS + 3.0,
            layout.readout,
        )
    });
    let wanted: Vec<_> = labels.chain(handles).collect();
    if wanted.is_empty() {
        // Most frames of the live world: thousands of strokes and nothing to name.
        return Vec::new();
    }
    let mut placer = Placer::new(Ink::of(&marks, &lab.handles, &frame), frame.area);
    wanted
        .into_iter()
        .map(|(text, of, at, gap, size)| placer.place(text, of, at, gap, size))
        .collect()
}

/// The ink in cells of [`CELL`] pixels, so a box is tested against the ink near
/// it only (the live world keeps thousands of strokes).
struct Grid {
    origin: Vec2,
    cols: usize,
    rows: usize,
    /// Per cell, indices into the strokes, then (past their count) the discs.
    cells: Vec<Vec<u32>>,
}

impl Grid {
    fn new(ink: &Ink, area: Rect) -> Self {
        let cols = (area.size().x / CELL).ceil().max(1.0) as usize;
        let rows = (area.size().y / CELL).ceil().max(1.0) as usize;
        let mut grid = Self {
            origin: area.min,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        };
        let strokes = ink
            .strokes
            .iter()
            .map(|s| Rect::from_points([s.a, s.b]).expanded(s.reach));
        let discs = ink
            .discs
            .iter()
            .map(|d| Rect::new(d.center, d.center).expanded(d.reach));
        for (i, r) in strokes.chain(discs).enumerate() {
            for cell in grid.cells_of(r) {
                grid.cells[cell].push(i as u32);
            }
        }
        grid
    }

    /// The cells `r` touches (none if it lies wholly outside the area, or is not
    /// finite).
    fn cells_of(&self, r: Rect) -> Vec<usize> {
        let lo = ((r.min - self.origin) / CELL).floor();
        let hi = ((r.max - self.origin) / CELL).floor();
        if !(lo.is_finite() && hi.is_finite()) {
            return Vec::new();
        }
        let (cols, rows) = (self.cols as f32 - 1.0, self.rows as f32 - 1.0);
        if hi.x < 0.0 || hi.y < 0.0 || lo.x > cols || lo.y > rows {
            return Vec::new();
        }
        let (x0, x1) = (lo.x.max(0.0) as usize, hi.x.min(cols) as usize);
        let (y0, y1) = (lo.y.max(0.0) as usize, hi.y.min(rows) as usize);
        (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| y * self.cols + x))
            .collect()
    }
}

/// Places names one by one, each clear of the ink and of those before it.
struct Placer {
    ink: Ink,
    grid: Grid,
    area: Rect,
    placed: Vec<Rect>,
    leaders: Vec<Leader>,
    /// Per obstacle, the last query that counted it (so one counts once).
    seen: Vec<u32>,
    query: u32,
}

impl Placer {
    fn new(ink: Ink, area: Rect) -> Self {
        let grid = Grid::new(&ink, area);
        let seen = vec![0; ink.strokes.len() + ink.discs.len()];
        Self {
            ink,
            grid,
            area,
            placed: Vec::new(),
            leaders: Vec::new(),
            seen,
            query: 0,
        }
    }

    /// What a name at `r`, with `leader`, would cover.
    fn covers(&mut self, r: Rect, leader: Option<Leader>) -> Covers {
        let mut c = Covers::default();
        let apart = r.expanded(LABEL_GAP * 0.5);
        c.labels += self.placed.iter().filter(|p| p.overlaps(&apart)).count() as u32;
        c.labels += (self.leaders.iter())
            .filter(|(a, b)| stroke_meets_box(*a, *b, 0.5, r))
            .count() as u32;
        if let Some((a, b)) = leader {
            let boxes = self.placed.iter();
            c.labels += boxes.filter(|p| stroke_meets_box(a, b, 0.5, **p)).count() as u32;
        }
        self.query += 1;
        let n = self.ink.strokes.len();
        for cell in self.grid.cells_of(r) {
            for &i in &self.grid.cells[cell] {
                let i = i as usize;
                if self.seen[i] == self.query {
                    continue;
                }
                self.seen[i] = self.query;
                match self.ink.strokes.get(i) {
                    Some(s) if stroke_meets_box(s.a, s.b, s.reach, r) => {
                        if s.solid {
                            c.solid += 1;
                        } else {
                            c.faint += 1;
                        }
                    }
                    Some(_) => {}
                    None => {
                        let d = self.ink.discs[i - n];
                        c.solid += u32::from(disc_meets_box(d.center, d.reach, r));
                    }
                }
            }
        }
        c
    }

    /// Places one name: the first clear place, else the same a pixel smaller
    /// (down to [`MIN_TEXT_PX`]: a handle's 14 px name can find no gap in a phone's
    /// figure where its 12 px one does), else the one covering least.
    fn place(&mut self, text: &str, of: LabelOf, at: Vec2, gap: f32, size: f32) -> PlacedLabel {
        let first = size.round().max(1.0);
        let mut best: Option<(Covers, f32, Rect, Option<Leader>)> = None;
        let mut s = first;
        loop {
            if let Some((c, rect, leader)) = self.find(text, at, gap, s) {
                if best.as_ref().is_none_or(|(b, ..)| c < *b) {
                    best = Some((c, s, rect, leader));
                }
                if c == Covers::default() {
                    break;
                }
            }
            if s - 1.0 < MIN_TEXT_PX {
                break;
            }
            s -= 1.0;
        }
        // No place inside at all (a window smaller than the name): beside the point.
        let (_, size, rect, leader) = best.unwrap_or_else(|| {
            let wh = label_size(text, first);
            (Covers::default(), first, ring(at, wh, gap)[0], None)
        });
        self.placed.push(rect);
        self.leaders.extend(leader);
        PlacedLabel {
            text: text.to_owned(),
            of,
            size,
            rect,
            anchor: at,
            leader,
        }
    }

    /// The first clear place for `text` at `size` pixels round `at`, else the one
    /// covering least; `None` when no place lies inside the figure.
    fn find(
        &mut self,
        text: &str,
        at: Vec2,
        gap: f32,
        size: f32,
    ) -> Option<(Covers, Rect, Option<Leader>)> {
        let wh = label_size(text, size);
        let inside = self.area.expanded(-EDGE_GAP);
        let step = (wh.y * 0.6).max(4.0);
        let reach = inside.size().max_element() + wh.max_element();
        let mut best: Option<(Covers, Rect, Option<Leader>)> = None;
        let mut d = gap;
        'rings: while d <= gap + reach {
            for r in ring(at, wh, d)
                .into_iter()
                .chain(ring_slides(at, wh, d, step))
            {
                if !(inside.contains(r.min) && inside.contains(r.max)) {
                    continue;
                }
                let leader = (d - gap >= LEADER_FROM * wh.y).then(|| (at, nearest(r, at)));
                let c = self.covers(r, leader);
                if best.as_ref().is_none_or(|(b, _, _)| c < *b) {
                    best = Some((c, r, leader));
                }
                if c == Covers::default() {
                    break 'rings;
                }
            }
            d += step;
        }
        best
    }
}

/// The eight places for a box of size `wh` at `d` pixels from `at`, in the order
/// they are tried: right and above, right and below, left and above, left and
/// below, right, left, above, below (screen y points down).
fn ring(at: Vec2, wh: Vec2, d: f32) -> [Rect; 8] {
    let place = |(dx, dy): (i8, i8)| {
        let x = match dx {
            1 => at.x + d,
            -1 => at.x - d - wh.x,
            _ => at.x - wh.x * 0.5,
        };
        let y = match dy {
            1 => at.y + d,
            -1 => at.y - d - wh.y,
            _ => at.y - wh.y * 0.5,
        };
        Rect::new(vec2(x, y), vec2(x + wh.x, y + wh.y))
    };
    [
        (1, -1),
        (1, 1),
        (-1, -1),
        (-1, 1),
        (1, 0),
        (-1, 0),
        (0, -1),
        (0, 1),
    ]
    .map(place)
}

/// The places between the eight of [`ring`], `slide` pixels apart, round the
/// ring's four sides: a long name (Noto Sans Mono's 0.6 em letters) can miss
/// every one of the eight and still fit a gap beside or above its point, as
/// "the article's bounces" does in hexagon-corner at 390x844. Tried after the
/// eight, so a name that fits at one of them stays there.
fn ring_slides(at: Vec2, wh: Vec2, d: f32, slide: f32) -> impl Iterator<Item = Rect> {
    let (x0, x1) = (at.x - d - wh.x, at.x + d);
    let (y0, y1) = (at.y - d - wh.y, at.y + d);
    let xs = (1..)
        .map(move |i| x0 + i as f32 * slide)
        .take_while(move |x| *x < x1);
    let ys = (1..)
        .map(move |i| y0 + i as f32 * slide)
        .take_while(move |y| *y < y1);
    let boxed = move |x: f32, y: f32| Rect::new(vec2(x, y), vec2(x + wh.x, y + wh.y));
    let rows = xs.flat_map(move |x| [boxed(x, y0), boxed(x, y1)]);
    let cols = ys.flat_map(move |y| [boxed(x0, y), boxed(x1, y)]);
    rows.chain(cols)
}

/// The point of `r` nearest `p`.
fn nearest(r: Rect, p: Vec2) -> Vec2 {
    p.clamp(r.min, r.max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::lab::figure::{Disc, Stroke, CLEARANCE};
    use crate::app::lab::{Scene, MOTION_STEPS};

    /// Phone to 4K, and short and tall windows of each kind.
    const WINDOWS: [(f32, f32); 10] = [
        (360.0, 640.0),
        (390.0, 844.0),
        (720.0, 900.0),
        (1280.0, 720.0),
        (1920.0, 1080.0),
        (3840.0, 2160.0),
        (390.0, 560.0),
        (360.0, 1400.0),
        (1280.0, 420.0),
        (1920.0, 1400.0),
    ];

    /// Every scene at every preset; the moving ones also halfway and at the end of
    /// their motion.
    fn every_figure() -> Vec<(String, Lab)> {
        let mut out = Vec::new();
        for scene in Scene::ALL {
            for k in 0..scene.presets().len() {
                let steps: &[u32] = if scene.moves() {
                    &[0, MOTION_STEPS / 2, MOTION_STEPS]
                } else {
                    &[0]
                };
                for &step in steps {
                    let mut lab = Lab::new(scene).with_preset(k);
                    lab.motion.step = step;
                    lab.sync();
                    out.push((
                        format!("{} preset {} step {step}", scene.name(), k + 1),
                        lab,
                    ));
                }
            }
        }
        out
    }

    /// What `r` meets of the visible ink (the strokes' own width, no clearance):
    /// (solid, faint).
    fn ink_met(ink: &Ink, r: Rect) -> (Vec<Stroke>, Vec<Disc>, usize) {
        let strokes = ink.strokes.iter().copied();
        let met = |s: &Stroke| stroke_meets_box(s.a, s.b, s.reach - CLEARANCE, r);
        let solid: Vec<Stroke> = strokes.clone().filter(|s| s.solid && met(s)).collect();
        let faint = strokes.filter(|s| !s.solid && met(s)).count();
        let discs = (ink.discs.iter().copied())
            .filter(|d| disc_meets_box(d.center, d.reach - CLEARANCE, r))
            .collect();
        (solid, discs, faint)
    }

    #[test]
    fn lab_labels_cover_no_line_arrow_point_or_other_label_at_any_size() {
        let mut faint = 0;
        let mut names = 0;
        let mut leaders = 0;
        for (what, lab) in every_figure() {
            let marks = lab.marks();
            let wanted = marks
                .iter()
                .filter(|m| matches!(m, Mark::Label { .. }))
                .count();
            for (w, h) in WINDOWS {
                let layout = LabLayout::for_window(vec2(w, h));
                let frame = FigureFrame::fit(lab.view, &layout);
                let ink = Ink::of(&marks, &lab.handles, &frame);
                let placed = place_labels(&lab, &layout);
                assert_eq!(
                    placed.len(),
                    wanted + lab.handles.len(),
                    "{what} at {w}x{h}"
                );
                for (i, p) in placed.iter().enumerate() {
                    let at = format!("{what} at {w}x{h}: {:?} at {:?}", p.text, p.rect);
                    assert!(
                        frame.area.contains(p.rect.min) && frame.area.contains(p.rect.max),
                        "{at} leaves the figure {:?}",
                        frame.area
                    );
                    let (solid, discs, thin) = ink_met(&ink, p.rect);
                    assert!(solid.is_empty(), "{at} covers {solid:?}");
                    assert!(discs.is_empty(), "{at} covers {discs:?}");
                    faint += thin;
                    leaders += usize::from(p.leader.is_some());
                    names += 1;
                    for (j, q) in placed.iter().enumerate().filter(|&(j, _)| j != i) {
                        assert!(!p.rect.overlaps(&q.rect), "{at} meets {:?}", q.text);
                        if let Some((a, b)) = q.leader {
                            let crossed = stroke_meets_box(a, b, 0.5, p.rect);
                            assert!(!crossed, "{at} lies on {:?}'s leader ({j})", q.text);
                        }
                    }
                }
            }
        }
        eprintln!("{names} names placed, {faint} faint lines crossed, {leaders} leaders");
        // Not even the faint construction lines (capsules, earlier positions).
        assert_eq!(faint, 0, "{faint} faint lines crossed by {names} names");
    }

    #[test]
    fn a_label_with_room_sits_by_its_point_and_a_crowded_one_moves_with_a_leader() {
        let area = Rect::new(vec2(0.0, 0.0), vec2(400.0, 300.0));
        let at = vec2(200.0, 150.0);
        let mut free = Placer::new(Ink::default(), area);
        let p = free.place("normal n", LabelOf::Mark(Tone::Normal), at, 6.0, 12.0);
        let wh = label_size("normal n", 12.0);
        assert_eq!(
            p.rect,
            Rect::new(vec2(206.0, 144.0 - wh.y), vec2(206.0 + wh.x, 144.0))
        );
        assert_eq!(p.leader, None);
        // A thick bar through the point and a disc all round it: it must go further.
        let ink = Ink {
            strokes: vec![Stroke {
                a: vec2(0.0, 150.0),
                b: vec2(400.0, 150.0),
                reach: 25.0,
                solid: true,
            }],
            discs: vec![Disc {
                center: at,
                reach: 60.0,
            }],
        };
        let mut crowded = Placer::new(ink.clone(), area);
        let q = crowded.place("normal n", LabelOf::Mark(Tone::Normal), at, 6.0, 12.0);
        let clear = Placer::new(ink.clone(), area).covers(q.rect, None);
        assert_eq!(clear, Covers::default(), "{q:?}");
        assert!(q.leader.is_some(), "{q:?}");
        // A second name keeps off the first.
        let r = crowded.place("reflected v'", LabelOf::Mark(Tone::Ours), at, 6.0, 12.0);
        assert!(!r.rect.overlaps(&q.rect), "{r:?} {q:?}");
        assert_eq!(ink_met(&ink, r.rect).0.len(), 0);
    }

    #[test]
    fn label_size_follows_the_fonts_advance_and_line() {
        // The sidecar's boxes at 390x844 in Noto Sans Mono: "move" 28.8 x 13 at
        // 12 px, "ball" 33.6 x 15 at 14 (the pixel font's were 21.0 x 10, 24.5 x 11).
        let (m, b) = (label_size("move", 12.0), label_size("ball", 14.0));
        assert!((m.x - 28.8).abs() < 0.1 && m.y >= 13.0, "{m}");
        assert!((b.x - 33.6).abs() < 0.1 && b.y >= 15.0, "{b}");
    }
}
