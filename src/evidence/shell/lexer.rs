//! Splitting a shell (or PowerShell) command line into simple commands and the operators
//! between them. Quotes group words and hide operators; a here-doc body is dropped; `2>&1`,
//! `&>` and `>&` are redirections, not operators. So `git commit -m "… pnpm test …"`, `echo
//! pytest` or a here-doc body never read as a test run, and the operator after a command is
//! known (an exit status belongs to the whole pipeline, not to the command inside it).

/// How two simple commands are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sep {
    /// `&&`
    And,
    /// `||`
    Or,
    /// `|`
    Pipe,
    /// `;` or a line break
    Seq,
    /// `&`
    Background,
}

/// A command line split into simple commands (each a list of words, quoted words unquoted)
/// and the operators between them.
#[derive(Debug, Clone, Default)]
pub(crate) struct CommandLine {
    /// The simple commands, each a list of words.
    pub segments: Vec<Vec<String>>,
    /// `seps[i]` joins `segments[i]` and `segments[i + 1]`.
    pub seps: Vec<Sep>,
}

impl CommandLine {
    /// True when every operator after segment `i` is `&&` (so the line's status is `i`'s own
    /// when it is non-zero, and zero only if `i` succeeded).
    pub(crate) fn only_and_after(&self, i: usize) -> bool {
        self.seps.iter().skip(i).all(|s| *s == Sep::And)
    }
}

/// Splits a shell (or PowerShell) command line. Quotes group words and hide operators; a
/// here-doc body is dropped; `2>&1`, `&>` and `>&` are redirections, not operators.
pub(crate) fn parse(command: &str) -> CommandLine {
    let mut line = CommandLine::default();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let chars: Vec<char> = command.chars().collect();
    let mut i = 0;
    let flush_word = |word: &mut String, in_word: &mut bool, words: &mut Vec<String>| {
        if *in_word {
            words.push(std::mem::take(word));
            *in_word = false;
        }
    };
    let end_segment = |words: &mut Vec<String>, sep: Option<Sep>, line: &mut CommandLine| {
        if !words.is_empty() {
            line.segments.push(std::mem::take(words));
            if let Some(sep) = sep {
                line.seps.push(sep);
            }
        } else if let (Some(sep), Some(last)) = (sep, line.seps.last_mut()) {
            // An empty segment (`a ;; b`, a leading operator): keep the stronger separator.
            if *last == Sep::And {
                *last = sep;
            }
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '"' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        i += 1;
                    }
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '\\' if i + 1 < chars.len() => {
                if chars[i + 1] != '\n' {
                    in_word = true;
                    word.push(chars[i + 1]);
                }
                i += 1;
            }
            ' ' | '\t' | '\r' => flush_word(&mut word, &mut in_word, &mut words),
            '\n' => {
                flush_word(&mut word, &mut in_word, &mut words);
                if !heredocs.is_empty() {
                    // Skip here-doc bodies up to their terminators.
                    for (tag, dash) in std::mem::take(&mut heredocs) {
                        loop {
                            let start = i + 1;
                            let mut end = start;
                            while end < chars.len() && chars[end] != '\n' {
                                end += 1;
                            }
                            let body_line: String =
                                chars[start.min(chars.len())..end].iter().collect();
                            i = end;
                            let body_line = if dash {
                                body_line.trim_start().to_string()
                            } else {
                                body_line
                            };
                            if body_line.trim_end() == tag || end >= chars.len() {
                                break;
                            }
                        }
                    }
                }
                end_segment(&mut words, Some(Sep::Seq), &mut line);
            }
            ';' => {
                flush_word(&mut word, &mut in_word, &mut words);
                end_segment(&mut words, Some(Sep::Seq), &mut line);
            }
            '|' => {
                flush_word(&mut word, &mut in_word, &mut words);
                let sep = if chars.get(i + 1) == Some(&'|') {
                    i += 1;
                    Sep::Or
                } else {
                    Sep::Pipe
                };
                end_segment(&mut words, Some(sep), &mut line);
            }
            '&' => {
                let prev = if i > 0 { chars[i - 1] } else { ' ' };
                let next = chars.get(i + 1).copied();
                if prev == '>' || prev == '<' || next == Some('>') {
                    // Redirection (`2>&1`, `&>file`, `>&2`): part of the word.
                    in_word = true;
                    word.push(c);
                } else if next == Some('&') {
                    flush_word(&mut word, &mut in_word, &mut words);
                    i += 1;
                    end_segment(&mut words, Some(Sep::And), &mut line);
                } else {
                    flush_word(&mut word, &mut in_word, &mut words);
                    end_segment(&mut words, Some(Sep::Background), &mut line);
                }
            }
            '<' if chars.get(i + 1) == Some(&'<') && chars.get(i + 2) != Some(&'<') => {
                flush_word(&mut word, &mut in_word, &mut words);
                i += 2;
                let dash = chars.get(i) == Some(&'-');
                if dash {
                    i += 1;
                }
                while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
                    i += 1;
                }
                let mut tag = String::new();
                while i < chars.len() && !matches!(chars[i], ' ' | '\t' | '\n' | ';' | '|' | '&') {
                    if !matches!(chars[i], '\'' | '"') {
                        tag.push(chars[i]);
                    }
                    i += 1;
                }
                if !tag.is_empty() {
                    heredocs.push((tag, dash));
                }
                continue;
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
        i += 1;
    }
    flush_word(&mut word, &mut in_word, &mut words);
    end_segment(&mut words, None, &mut line);
    // A trailing operator leaves one separator too many.
    line.seps.truncate(line.segments.len().saturating_sub(1));
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexer_splits_operators_outside_quotes() {
        let l = parse("a 'b && c' | d && e; f || g & h");
        let words: Vec<&str> = l.segments.iter().map(|s| s[0].as_str()).collect();
        assert_eq!(words, ["a", "d", "e", "f", "g", "h"]);
        assert_eq!(
            l.seps,
            [Sep::Pipe, Sep::And, Sep::Seq, Sep::Or, Sep::Background]
        );
        assert_eq!(l.segments[0][1], "b && c");
        let l = parse("pytest &&");
        assert!(l.seps.is_empty());
    }
}
