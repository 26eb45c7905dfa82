//! The headless core (everything in `src/` but the macroquad shell) computes its
//! transcendental functions through `arkanong_core::portable_math` only, so a game is the
//! same bit for bit on the desktop and in the browser. This scans the sources for
//! the calls that would break that: std's `sin`, `cos`, `atan2`..., glam's
//! `from_angle` and `to_angle` (which call std's), and fused multiply-adds; and its
//! randomness through `arkanong_core::portable_rng` (rand's `SmallRng` is a different
//! generator on 32-bit targets).

use std::path::Path;

#[path = "common/sources.rs"]
mod sources;
use sources::rust_files;

/// Method calls whose result differs between platforms' math libraries (or, for
/// `mul_add`, between targets with and without an FMA instruction).
const FORBIDDEN_METHODS: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "sin_cos",
    "exp",
    "exp2",
    "exp_m1",
    "ln",
    "ln_1p",
    "log",
    "log2",
    "log10",
    "powf",
    "powi",
    "cbrt",
    "hypot",
    "mul_add",
    "to_angle",
    "angle_to",
    "rotate_towards",
];

/// The first forbidden call on a line of code, if any (comments are not code).
fn forbidden_call(line: &str) -> Option<String> {
    let code = line.split("//").next().unwrap_or("");
    // glam's from_angle calls std's sin and cos; rand's SmallRng is another
    // generator on 32-bit targets (the browser's wasm32): use PortableRng.
    for name in ["Vec2::from_angle", "SmallRng", "StdRng", "thread_rng"] {
        if code.contains(name) {
            return Some(name.to_owned());
        }
    }
    FORBIDDEN_METHODS
        .iter()
        .find(|m| code.contains(&format!(".{m}(")))
        .map(|m| format!(".{m}("))
}

#[test]
fn core_uses_only_portable_math_and_randomness() {
    // The core (the shell, in the game's src/, draws and plays sound: no effect on the game).
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    let mut scanned = 0;
    for path in &files {
        let rel = path.strip_prefix(&src).expect("under src");
        // The shell draws and plays sound (no effect on the game); portable_math.rs
        // is where std's and libm's functions are allowed to meet.
        if rel.starts_with("shell")
            || rel == Path::new("main.rs")
            || rel == Path::new("portable_math.rs")
        {
            continue;
        }
        scanned += 1;
        let text = std::fs::read_to_string(path).expect("readable source");
        // Unit tests sit at the bottom of each file and may use std's functions.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            if let Some(call) = forbidden_call(line) {
                found.push(format!(
                    "core/src/{}:{}: {call}: {}",
                    rel.display(),
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        scanned > 50,
        "scanned only {scanned} files: is core/src/ there?"
    );
    assert!(
        found.is_empty(),
        "use arkanong_core::portable_math (sin, cos, atan2, exp, log2, exp2, from_angle) and portable_rng::PortableRng instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn forbidden_call_spots_std_and_glam_trigonometry() {
    assert!(forbidden_call("let a = x.sin() + y;").is_some());
    assert!(forbidden_call("let a = y.atan2(x);").is_some());
    assert!(forbidden_call("let d = Vec2::from_angle(t);").is_some());
    assert!(forbidden_call("let f = a.mul_add(b, c);").is_some());
    assert!(forbidden_call("let d = portable_math::from_angle(t);").is_none());
    assert!(forbidden_call("let s = pm::sin(t); // not x.sin()").is_none());
    assert!(forbidden_call("let l = v.length();").is_none());
    assert!(forbidden_call("rng: SmallRng::seed_from_u64(seed),").is_some());
    assert!(forbidden_call("rng: PortableRng::seed_from_u64(seed),").is_none());
}
