//! What every command prints on stderr for a person: notices, warnings, errors and diffs, with
//! `-q/--quiet`, `-v/--verbose` and `--color auto|always|never` (honouring `NO_COLOR`) applied in
//! one place. Messages quote input (paths, file names, transcript text): their control
//! characters and bidi overrides are shown as escapes ([`crate::escape`]), so only this
//! module's own colours reach the terminal. Machine output (`--json`, notes on stdout) never
//! goes through here.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicI8, Ordering};

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// Colour when stderr is a terminal and `NO_COLOR` is unset or empty.
    #[default]
    Auto,
    /// Always colour (even into a pipe or with `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Every choice.
    pub const ALL: [ColorChoice; 3] = [ColorChoice::Auto, ColorChoice::Always, ColorChoice::Never];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ColorChoice::Auto => "auto",
            ColorChoice::Always => "always",
            ColorChoice::Never => "never",
        }
    }
}

/// -1 quiet, 0 normal, 1+ verbose.
static VERBOSITY: AtomicI8 = AtomicI8::new(0);
static COLOR: AtomicBool = AtomicBool::new(false);

/// Sets the process-wide output settings from the global flags.
pub(crate) fn init(color: ColorChoice, quiet: bool, verbose: u8) {
    let level = if quiet {
        -1
    } else {
        i8::try_from(verbose).unwrap_or(i8::MAX)
    };
    VERBOSITY.store(level, Ordering::Relaxed);
    COLOR.store(
        colour_wanted(
            color,
            std::env::var_os("NO_COLOR").as_deref(),
            std::io::stderr().is_terminal(),
        ),
        Ordering::Relaxed,
    );
}

/// Whether to colour, given `--color`, `NO_COLOR` and whether stderr is a terminal
/// (<https://no-color.org>: a set, non-empty `NO_COLOR` turns colour off unless forced).
pub(crate) fn colour_wanted(
    choice: ColorChoice,
    no_color: Option<&std::ffi::OsStr>,
    terminal: bool,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
    }
}

/// Whether `-q` was given.
pub(crate) fn quiet() -> bool {
    VERBOSITY.load(Ordering::Relaxed) < 0
}

/// Whether `-v` was given (at least once).
pub(crate) fn verbose() -> bool {
    VERBOSITY.load(Ordering::Relaxed) > 0
}

/// Whether stderr output is coloured.
pub(crate) fn color() -> bool {
    COLOR.load(Ordering::Relaxed)
}

/// A styled span of stderr text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// Errors, removed lines.
    Red,
    /// Warnings.
    Yellow,
    /// Added lines, success.
    Green,
    /// Headers, file names.
    Bold,
    /// Less important detail.
    Dim,
}

/// `text` in `style` when colour is on, else unchanged.
pub(crate) fn paint(style: Style, text: &str) -> String {
    if !color() {
        return text.to_string();
    }
    let code = match style {
        Style::Red => "31",
        Style::Yellow => "33",
        Style::Green => "32",
        Style::Bold => "1",
        Style::Dim => "2",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// A notice (what was done, which session was read); hidden by `-q`.
pub(crate) fn info(message: &str) {
    if !quiet() {
        eprintln!("handoff: {}", crate::escape::line(message));
    }
}

/// Detail shown only with `-v`.
pub(crate) fn debug(message: &str) {
    if verbose() {
        let message = crate::escape::line(message);
        eprintln!("{}", paint(Style::Dim, &format!("handoff: {message}")));
    }
}

/// A warning (something was skipped or degraded); hidden by `-q`.
pub(crate) fn warn(message: &str) {
    if !quiet() {
        let message = crate::escape::line(message);
        eprintln!("handoff: {} {message}", paint(Style::Yellow, "warning:"));
    }
}

/// The one-line error `main` prints (never hidden).
pub fn error_line(message: &str) -> String {
    let message = crate::escape::line(message);
    format!("handoff: {} {message}", paint(Style::Red, "error:"))
}

/// A unified diff coloured line by line (`+` green, `-` red, `@@` dim).
pub(crate) fn paint_diff(diff: &str) -> String {
    let diff = crate::escape::terminal(diff);
    if !color() {
        return diff.into_owned();
    }
    diff.lines()
        .map(|l| {
            let style = if l.starts_with("+++") || l.starts_with("---") {
                Style::Bold
            } else if l.starts_with('+') {
                Style::Green
            } else if l.starts_with('-') {
                Style::Red
            } else if l.starts_with("@@") {
                Style::Dim
            } else {
                return format!("{l}\n");
            };
            format!("{}\n", paint(style, l))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn no_color_is_honoured_unless_forced() {
        let set = Some(OsStr::new("1"));
        let empty = Some(OsStr::new(""));
        assert!(colour_wanted(ColorChoice::Auto, None, true));
        assert!(!colour_wanted(ColorChoice::Auto, set, true));
        assert!(colour_wanted(ColorChoice::Auto, empty, true));
        assert!(!colour_wanted(ColorChoice::Auto, None, false));
        assert!(colour_wanted(ColorChoice::Always, set, false));
        assert!(!colour_wanted(ColorChoice::Never, None, true));
    }
}
