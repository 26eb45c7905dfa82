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
    // The sidecar's boxes at 390x844: "move" 21.0 x 10 at 12 px, "ball" 24.5 x 11 at 14.
    let (m, b) = (label_size("move", 12.0), label_size("ball", 14.0));
    assert!((m.x - 21.0).abs() < 0.1 && m.y >= 10.0, "{m}");
    assert!((b.x - 24.5).abs() < 0.1 && b.y >= 11.0, "{b}");
}
