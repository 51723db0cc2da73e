//! Which functions, types and methods a change touches: the definitions a source line makes
//! (Rust, Python, TypeScript/JavaScript, Go, chosen by file extension) and, inside a diff hunk,
//! the definition that encloses each changed line. Git collection fills `GitState::symbols`
//! with it, from the diff's hunks and from untracked source files.

use regex::Regex;
use std::sync::LazyLock;

/// The function context git prints after the second `@@` of a hunk header (its indentation
/// kept: it tells which lines it encloses).
pub(crate) fn hunk_context(header: &str) -> Option<&str> {
    let rest = header.strip_prefix("@@")?;
    let end = rest.find("@@")?;
    let ctx = rest[end + 2..].strip_prefix(' ')?.trim_end();
    (!ctx.trim_start().is_empty()).then_some(ctx)
}

/// The definitions enclosing the current line of a hunk, by indentation: a definition opens a
/// scope, a later non-blank line indented no deeper closes it. A changed line touches the
/// definition it makes, or else the innermost definition enclosing it; so a change below a
/// function (after its closing brace) does not name that function, even when git's hunk header
/// does.
pub(crate) struct Scopes {
    lang: Lang,
    /// (name, indentation) from outermost to innermost.
    open: Vec<(String, usize)>,
}

impl Scopes {
    pub(crate) fn new(lang: Lang, header_context: Option<&str>) -> Scopes {
        let mut scopes = Scopes {
            lang,
            open: Vec::new(),
        };
        if let Some(ctx) = header_context {
            scopes.observe(ctx);
        }
        scopes
    }

    /// Follows one line; returns the definition it makes, if any.
    fn observe(&mut self, line: &str) -> Option<String> {
        let indent = indentation(line)?;
        let defined = self.lang.defined_name(line).map(str::to_string);
        let continues = defined.is_none() && continues_signature(line.trim_start());
        if !continues {
            while self.open.last().is_some_and(|(_, open)| *open >= indent) {
                self.open.pop();
            }
        }
        if let Some(name) = &defined {
            self.open.push((name.clone(), indent));
        }
        defined
    }

    /// Follows one line; for a changed line, returns the symbol it touches.
    pub(crate) fn touch(&mut self, line: &str, changed: bool) -> Option<String> {
        let defined = self.observe(line);
        if !changed || indentation(line).is_none() {
            return None;
        }
        defined.or_else(|| self.open.last().map(|(name, _)| name.clone()))
    }
}

/// Leading whitespace width (a tab counts 4), `None` for a blank line.
fn indentation(line: &str) -> Option<usize> {
    let mut width = 0;
    for c in line.chars() {
        match c {
            ' ' => width += 1,
            '\t' => width += 4,
            c if c.is_whitespace() => width += 1,
            _ => return Some(width),
        }
    }
    None
}

/// Lines at a definition's own indentation that still belong to its signature.
fn continues_signature(trimmed: &str) -> bool {
    trimmed.starts_with('{')
        || trimmed.starts_with(')')
        || trimmed.starts_with("->")
        || trimmed.starts_with("where")
}

/// The identifier a source line defines (a function, method, type, class, module, constant…),
/// for Rust, Python, TypeScript/JavaScript and Go, chosen by the extension of `path` (what the
/// tests below pin down, language by language).
#[cfg(test)]
fn defined_name<'a>(path: &str, line: &'a str) -> Option<&'a str> {
    Lang::from_path(path)?.defined_name(line)
}

/// Source languages whose definitions are recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lang {
    Rust,
    Python,
    Script,
    Go,
}

const IDENT: &str = r"[_\p{L}][_\p{L}\p{N}]*";
const SCRIPT_IDENT: &str = r"[$_\p{L}][$_\p{L}\p{N}]*";

fn regex(pattern: &str) -> Regex {
    match Regex::new(
        &pattern
            .replace("SIDENT", SCRIPT_IDENT)
            .replace("IDENT", IDENT),
    ) {
        Ok(re) => re,
        // The patterns are constants: a failure here is a bug caught by the unit tests.
        Err(e) => panic!("bad symbol pattern {pattern}: {e}"),
    }
}

static RUST_PATTERNS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    const VIS: &str = r"(?:pub(?:\s*\([^)]*\))?\s+)?";
    [
        format!(r#"^\s*{VIS}(?:(?:default|const|async|unsafe|safe|extern(?:\s+"[^"]*")?)\s+)*fn\s+(?:r#)?(IDENT)"#),
        format!(r"^\s*{VIS}(?:(?:unsafe|auto)\s+)*(?:struct|enum|union|trait|mod|type)\s+(?:r#)?(IDENT)"),
        format!(r"^\s*{VIS}(?:const|static)\s+(?:mut\s+)?(IDENT)\s*:"),
        r"^\s*macro_rules!\s*(IDENT)".to_string(),
    ]
    .iter()
    .map(|p| regex(p))
    .collect()
});

static PYTHON_PATTERNS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [r"^\s*(?:async\s+)?def\s+(IDENT)", r"^\s*class\s+(IDENT)"]
        .iter()
        .map(|p| regex(p))
        .collect()
});

static SCRIPT_PATTERNS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    const ARROW: &str =
        r"(?:async\s+)?(?:function\b|(?:<[^>]*>\s*)?\([^)]*\)\s*(?::[^=]*)?=>|\(\s*$|SIDENT\s*=>)";
    const MODIFIERS: &str = r"(?:(?:public|private|protected|static|readonly|override|abstract|declare|async|get|set|accessor)\s+)*";
    [
        r"^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?function\b\s*\*?\s*(SIDENT)".to_string(),
        r"^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\s+(SIDENT)".to_string(),
        r"^\s*(?:export\s+)?(?:declare\s+)?(?:interface|(?:const\s+)?enum|namespace|module)\s+(SIDENT)".to_string(),
        r"^\s*(?:export\s+)?(?:declare\s+)?type\s+(SIDENT)\s*(?:<.*>)?\s*=".to_string(),
        format!(r"^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:const|let|var)\s+(SIDENT)\s*(?::[^=]*)?=\s*{ARROW}"),
        format!(r"^\s+{MODIFIERS}#?(SIDENT)\s*(?::[^=]*)?=\s*{ARROW}"),
        format!(r"^\s+{MODIFIERS}\*?\s*#?(SIDENT)\s*(?:<[^>]*>)?\s*\([^)]*\)\s*(?::\s*[^{{=;]+)?\{{\s*$"),
    ]
    .iter()
    .map(|p| regex(p))
    .collect()
});

static GO_PATTERNS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        r"^func\s+(IDENT)\s*[\[(]",
        r"^func\s*\([^)]*\)\s*(IDENT)\s*[\[(]",
        r"^\s*type\s+(IDENT)\b",
        r"^\s+(IDENT)\s+(?:struct|interface)\s*\{",
    ]
    .iter()
    .map(|p| regex(p))
    .collect()
});

/// Words that look like a method name in the script method pattern (`if (x) {`) but are not.
const SCRIPT_KEYWORDS: &[&str] = &[
    "if", "for", "while", "switch", "catch", "with", "function", "return", "else", "do", "try",
    "typeof", "await", "yield", "new", "delete", "void", "throw", "case",
];

impl Lang {
    pub(crate) fn from_path(path: &str) -> Option<Lang> {
        let ext = path.rsplit_once('.')?.1;
        if ext.contains('/') {
            return None;
        }
        match ext.to_ascii_lowercase().as_str() {
            "rs" => Some(Lang::Rust),
            "py" | "pyi" | "pyw" => Some(Lang::Python),
            "ts" | "tsx" | "mts" | "cts" | "js" | "jsx" | "mjs" | "cjs" => Some(Lang::Script),
            "go" => Some(Lang::Go),
            _ => None,
        }
    }

    pub(crate) fn defined_name(self, line: &str) -> Option<&str> {
        let patterns: &[Regex] = match self {
            Lang::Rust => {
                if let Some(name) = rust_impl_type(line) {
                    return Some(name);
                }
                &RUST_PATTERNS
            }
            Lang::Python => &PYTHON_PATTERNS,
            Lang::Script => &SCRIPT_PATTERNS,
            Lang::Go => &GO_PATTERNS,
        };
        patterns
            .iter()
            .filter_map(|re| re.captures(line)?.get(1))
            .map(|m| m.as_str())
            .find(|name| *name != "_" && !(self == Lang::Script && SCRIPT_KEYWORDS.contains(name)))
    }
}

/// The self type of a Rust `impl` line: `impl<T: Into<U>> fmt::Display for Wrapper<T> {` gives
/// `Wrapper`.
fn rust_impl_type(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for prefix in ["pub ", "default ", "unsafe "] {
        if let Some(r) = rest.strip_prefix(prefix) {
            rest = r.trim_start();
        }
    }
    let rest = rest.strip_prefix("impl")?;
    let rest = match rest.chars().next()? {
        '<' => skip_generics(rest)?,
        c if c.is_whitespace() => rest,
        _ => return None,
    };
    let rest = &rest[..rest.find('{').unwrap_or(rest.len())];
    let rest = match find_top_level(rest, " where ") {
        Some(at) => &rest[..at],
        None => rest.strip_suffix(" where").unwrap_or(rest),
    };
    let self_type = match find_top_level(rest, " for ") {
        Some(at) => &rest[at + 5..],
        None => rest,
    };
    let mut ty = self_type.trim_start();
    if let Some(referenced) = ty.strip_prefix('&') {
        ty = referenced.trim_start();
        if ty.starts_with('\'') {
            ty = ty
                .split_once(char::is_whitespace)
                .map_or("", |(_, rest)| rest);
        }
    }
    for prefix in ["mut ", "dyn ", "!"] {
        ty = ty.strip_prefix(prefix).unwrap_or(ty).trim_start();
    }
    let path_end = ty
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(ty.len());
    let name = ty[..path_end].rsplit("::").next()?;
    let valid = name
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_');
    valid.then_some(name)
}

/// The text after a balanced `<…>` at the start of `s`.
fn skip_generics(s: &str) -> Option<&str> {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '<' => depth += 1,
            '>' if !s[..i].ends_with('-') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(&s[i + 1..]);
                }
            }
            _ => {}
        }
    }
    None
}

/// The first position of `needle` in `s` outside `<…>` and `(…)`.
fn find_top_level(s: &str, needle: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' if !s[..i].ends_with('-') => depth -= 1,
            _ if depth == 0 && s[i..].starts_with(needle) => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(path: &str, lines: &[&str]) -> Vec<Option<String>> {
        lines
            .iter()
            .map(|l| defined_name(path, l).map(str::to_string))
            .collect()
    }

    fn some(names: &[&str]) -> Vec<Option<String>> {
        names.iter().map(|n| Some(n.to_string())).collect()
    }

    #[test]
    fn rust_definitions() {
        let lines = [
            "fn main() {",
            "    pub(crate) async fn fetch_all(&self) -> Result<()> {",
            "pub const unsafe extern \"C\" fn raw_call() {}",
            "pub struct TokenBudget {",
            "enum Role { User, Assistant }",
            "pub(super) trait Drafter: Send {",
            "unsafe impl Send for Wrapper {}",
            "impl<T: Into<String>> fmt::Display for Wrapper<T> {",
            "impl<'a> Parser<'a> {",
            "impl Iterator for crate::lines::Lines<'_> where Self: Sized {",
            "mod tests {",
            "pub const MAX_LINES: usize = 10;",
            "static mut COUNTER: u32 = 0;",
            "pub type Result<T, E = Error> = std::result::Result<T, E>;",
            "    type Item = u32;",
            "macro_rules! try_io {",
            "fn r#match() {}",
        ];
        assert_eq!(
            names("src/lib.rs", &lines),
            some(&[
                "main",
                "fetch_all",
                "raw_call",
                "TokenBudget",
                "Role",
                "Drafter",
                "Wrapper",
                "Wrapper",
                "Parser",
                "Lines",
                "tests",
                "MAX_LINES",
                "COUNTER",
                "Result",
                "Item",
                "try_io",
                "match",
            ])
        );
    }

    #[test]
    fn rust_non_definitions() {
        let lines = [
            "    let total = compute(fn_ptr);",
            "    // fn commented() {}",
            "    implement_this();",
            "const _: () = assert!(true);",
            "    self.value + 1",
            "use std::fmt::Display;",
        ];
        assert_eq!(names("a.rs", &lines), vec![None; lines.len()]);
    }

    #[test]
    fn python_definitions() {
        let lines = [
            "def parse(line):",
            "    async def fetch(self, url: str) -> bytes:",
            "class TokenBudget(Base):",
            "    class Meta:",
            "def ünïcode_name():",
        ];
        assert_eq!(
            names("pkg/mod.py", &lines),
            some(&["parse", "fetch", "TokenBudget", "Meta", "ünïcode_name"])
        );
        let not = ["    return define(x)", "print('def x():')", "# class Foo:"];
        assert_eq!(names("pkg/mod.py", &not), vec![None; not.len()]);
    }

    #[test]
    fn script_definitions() {
        let lines = [
            "function parseLine(line) {",
            "export default async function* streamEvents(src) {",
            "export class SessionStore extends Base {",
            "export abstract class Shape {",
            "export interface Message {",
            "type Role = 'user' | 'assistant';",
            "export type Handler<T> = (e: T) => void;",
            "export const enum Color {",
            "const add = (a, b) => a + b;",
            "export const fetchAll = async (urls: string[]): Promise<void> => {",
            "let handler = function () {",
            "const square = x => x * x;",
            "const useThing = <T,>(value: T) => value;",
            "export const Button: React.FC<Props> = ({ label }) => {",
            "  async save(record: Rec): Promise<void> {",
            "  static create() {",
            "  get size() {",
            "  #secret() {",
            "  constructor(private readonly db: Db) {",
            "  onClick = (event) => {",
            "  private handle = async (e: Event) => {",
            "const build = (",
            "namespace Utils {",
        ];
        assert_eq!(
            names("web/app.tsx", &lines),
            some(&[
                "parseLine",
                "streamEvents",
                "SessionStore",
                "Shape",
                "Message",
                "Role",
                "Handler",
                "Color",
                "add",
                "fetchAll",
                "handler",
                "square",
                "useThing",
                "Button",
                "save",
                "create",
                "size",
                "secret",
                "constructor",
                "onClick",
                "handle",
                "build",
                "Utils",
            ])
        );
        let not = [
            "  if (ready) {",
            "  for (const x of xs) {",
            "  while (true) {",
            "  switch (kind) {",
            "  } catch (err) {",
            "const total = items.length;",
            "  return compute(x);",
            "  foo(bar);",
            "let x = y;",
            "// function commented() {",
        ];
        assert_eq!(names("web/app.js", &not), vec![None; not.len()]);
    }

    #[test]
    fn go_definitions() {
        let lines = [
            "func main() {",
            "func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {",
            "func Map[T, U any](xs []T, f func(T) U) []U {",
            "type Config struct {",
            "type Handler interface {",
            "type ID = string",
            "\tNode struct {",
        ];
        assert_eq!(
            names("cmd/server.go", &lines),
            some(&[
                "main",
                "ServeHTTP",
                "Map",
                "Config",
                "Handler",
                "ID",
                "Node"
            ])
        );
        let not = [
            "\treturn s.handle(w, r)",
            "\tgo func() {",
            "var x = 1",
            "// func Hidden() {",
        ];
        assert_eq!(names("cmd/server.go", &not), vec![None; not.len()]);
    }

    #[test]
    fn unknown_languages_define_nothing() {
        assert_eq!(defined_name("README.md", "fn main() {"), None);
        assert_eq!(defined_name("Makefile", "def x():"), None);
        assert_eq!(defined_name("dir.rs/file", "fn main() {"), None);
        assert_eq!(defined_name("SRC/LIB.RS", "fn main() {"), Some("main"));
    }

    #[test]
    fn impl_type_parsing() {
        assert_eq!(rust_impl_type("impl Foo {"), Some("Foo"));
        assert_eq!(
            rust_impl_type("impl<T> From<Vec<T>> for Bag<T> {"),
            Some("Bag")
        );
        assert_eq!(
            rust_impl_type("impl<F: Fn() -> u8> Runner<F> {"),
            Some("Runner")
        );
        assert_eq!(rust_impl_type("impl !Sync for Cell {}"), Some("Cell"));
        assert_eq!(
            rust_impl_type("impl<'a> Trait for &'a mut Thing {"),
            Some("Thing")
        );
        assert_eq!(rust_impl_type("implement()"), None);
        assert_eq!(rust_impl_type("impl"), None);
        assert_eq!(rust_impl_type("impl<T"), None);
    }

    /// Feeds hunk lines (`+`/`-`/` ` prefixed) to [`Scopes`] and returns the touched names.
    fn touched(path: &str, header: &str, lines: &[&str]) -> Vec<String> {
        let lang = Lang::from_path(path).expect("known language");
        let mut scopes = Scopes::new(lang, hunk_context(header));
        let mut names: Vec<String> = Vec::new();
        for line in lines {
            let (origin, text) = line.split_at(1);
            if let Some(name) = scopes.touch(text, origin != " ")
                && !names.contains(&name)
            {
                names.push(name);
            }
        }
        names
    }

    #[test]
    fn change_in_a_body_touches_the_enclosing_definition() {
        assert_eq!(
            touched(
                "src/lib.rs",
                "@@ -10,6 +10,6 @@ impl Parser {",
                &[
                    "     pub fn parse(&self) -> u8 {",
                    "         let a = 1;",
                    "-        a",
                    "+        a + 1",
                    "     }",
                ]
            ),
            vec!["parse"]
        );
        // Deep in a method whose line is out of the context: the impl's type is named.
        assert_eq!(
            touched(
                "src/lib.rs",
                "@@ -40,6 +40,6 @@ impl Parser {",
                &[
                    "         let b = 2;",
                    "-        b",
                    "+        b * 2",
                    "     }"
                ]
            ),
            vec!["Parser"]
        );
        assert_eq!(
            touched(
                "app/models.py",
                "@@ -3,6 +3,7 @@ class Store:",
                &[
                    "     def get(self, key):",
                    "         return self.data[key]",
                    " ",
                    "+    def put(self, key, value):",
                    "+        self.data[key] = value",
                ]
            ),
            vec!["put"]
        );
        assert_eq!(
            touched(
                "main.go",
                "@@ -8,4 +8,4 @@ func (s *Server) Run() error {",
                &[
                    " \tif err != nil {",
                    "-\t\treturn err",
                    "+\t\treturn fmt.Errorf(\"run: %w\", err)",
                    " \t}"
                ]
            ),
            vec!["Run"]
        );
    }

    #[test]
    fn change_after_a_closed_function_does_not_name_it() {
        assert_eq!(
            touched(
                "src/lib.rs",
                "@@ -1,4 +1,6 @@ fn one() {",
                &["     1", " }", " ", "+const LIMIT: usize = 3;", "+"]
            ),
            vec!["LIMIT"]
        );
        assert_eq!(
            touched(
                "web/a.ts",
                "@@ -1,3 +1,4 @@ function one() {",
                &["   return 1;", " }", "+console.log(one());"]
            ),
            Vec::<String>::new()
        );
        // A multi-line signature stays open across its own closing parenthesis.
        assert_eq!(
            touched(
                "pkg/mod.py",
                "@@ -1,5 +1,5 @@",
                &[
                    " def run(",
                    "     a,",
                    " ):",
                    "-    return a",
                    "+    return a + 1"
                ]
            ),
            vec!["run"]
        );
    }

    #[test]
    fn hunk_context_is_text_after_second_marker() {
        assert_eq!(
            hunk_context("@@ -10,7 +10,8 @@ fn parse(line: &str) {"),
            Some("fn parse(line: &str) {")
        );
        assert_eq!(hunk_context("@@ -1 +1 @@"), None);
        assert_eq!(
            hunk_context("@@ -1 +1 @@     def m(self):"),
            Some("    def m(self):")
        );
        assert_eq!(hunk_context("not a header"), None);
    }
}
