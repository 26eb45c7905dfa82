//! The report as tables a designer reads, or as JSON for scripts.

use std::io::Write;

use super::report::{Report, SoloRow};

/// Prints the versus table, the solo table and the goals; `took` is the wall
/// time the games took, seconds.
pub(super) fn print_tables(out: &mut impl Write, r: &Report, took: f64) -> std::io::Result<()> {
    writeln!(
        out,
        "arkanong balance: {} games, {} seeds per pairing, {took:.0} s on this machine",
        r.games, r.seeds
    )?;
    // The level column fits the longest label (`duels/08_centre_fortress`),
    // never narrower than the 20 the root set's table has always had.
    let w = r.levels.iter().map(|l| l.label.len()).fold(20, usize::max);
    writeln!(
        out,
        "\nversus (seconds of play; normal vs normal for length and lead)"
    )?;
    writeln!(
        out,
        "{:<w$} {:>7} {:>6} {:>6} {:>5} {:>7} {:>7} {:>7}   scoreless E/N/H",
        "level", "median", "p90", "min", "lead", "turned", "N>E", "H>N"
    )?;
    for l in &r.levels {
        let Some(v) = &l.versus else { continue };
        writeln!(
            out,
            "{:<w$} {:>7.0} {:>6.0} {:>6.0} {:>5.1} {:>6.0}% {:>6.0}% {:>6.0}%   {:.0}/{:.0}/{:.0}",
            l.label,
            v.median,
            v.p90,
            v.shortest,
            v.lead_changes,
            v.turned * 100.0,
            v.normal_beats_easy * 100.0,
            v.hard_beats_normal * 100.0,
            v.scoreless[0],
            v.scoreless[1],
            v.scoreless[2],
        )?;
    }
    writeln!(
        out,
        "\nsolo (seconds of play; gap: longest wait for a brick hit, p90; hunt: last 10 % of the bricks, median)"
    )?;
    writeln!(
        out,
        "{:<w$} {:<7} {:>8} {:>7} {:>7} {:>7}",
        "level", "cpu", "cleared", "time", "gap", "hunt"
    )?;
    for l in &r.levels {
        for s in &l.solo {
            writeln!(out, "{:<w$} {}", l.label, solo_cells(s))?;
        }
    }
    writeln!(out, "\ngoals")?;
    for g in &r.goals {
        let verdict = if g.met { "met   " } else { "MISSED" };
        writeln!(out, "{verdict} {}: {}", g.what, g.detail)?;
    }
    Ok(())
}

/// One solo row's cells after the level.
fn solo_cells(s: &SoloRow) -> String {
    let or_dash = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.0}"));
    format!(
        "{:<7} {:>7.0}% {:>7} {:>7.1} {:>7}",
        s.strength.keyword(),
        s.cleared * 100.0,
        or_dash(s.time),
        s.gap_p90,
        or_dash(s.hunt)
    )
}

/// Prints the report as one JSON object (numbers in seconds and shares; a
/// missing measurement is `null`).
pub(super) fn print_json(out: &mut impl Write, r: &Report) -> std::io::Result<()> {
    let num = |v: f64| format!("{v:.3}");
    let opt = |v: Option<f64>| v.map_or("null".to_owned(), num);
    let mut levels = Vec::new();
    for l in &r.levels {
        let versus = l.versus.as_ref().map_or("null".to_owned(), |v| {
            format!(
                "{{\"median\":{},\"p90\":{},\"shortest\":{},\"lead_changes\":{},\"turned\":{},\"normal_beats_easy\":{},\"hard_beats_normal\":{},\"scoreless\":{{\"easy\":{},\"normal\":{},\"hard\":{}}}}}",
                num(v.median),
                num(v.p90),
                num(v.shortest),
                num(v.lead_changes),
                num(v.turned),
                num(v.normal_beats_easy),
                num(v.hard_beats_normal),
                num(v.scoreless[0]),
                num(v.scoreless[1]),
                num(v.scoreless[2])
            )
        });
        let solo: Vec<String> = l
            .solo
            .iter()
            .map(|s| {
                format!(
                    "{{\"cpu\":\"{}\",\"cleared\":{},\"time\":{},\"gap_p90\":{},\"hunt\":{}}}",
                    s.strength.keyword(),
                    num(s.cleared),
                    opt(s.time),
                    num(s.gap_p90),
                    opt(s.hunt)
                )
            })
            .collect();
        levels.push(format!(
            "{{\"level\":{},\"versus\":{versus},\"solo\":[{}]}}",
            json_string(&l.label),
            solo.join(",")
        ));
    }
    let goals: Vec<String> = r
        .goals
        .iter()
        .map(|g| {
            format!(
                "{{\"goal\":{},\"met\":{},\"detail\":{}}}",
                json_string(&g.what),
                g.met,
                json_string(&g.detail)
            )
        })
        .collect();
    writeln!(
        out,
        "{{\"seeds\":{},\"games\":{},\"levels\":[{}],\"goals\":[{}]}}",
        r.seeds,
        r.games,
        levels.join(","),
        goals.join(",")
    )
}

/// `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_string_escapes_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\u000ad\"");
    }
}
