//! The drafted part of a note as the model returns it: JSON Schema for structured outputs, typed
//! structs to check the answer against, and the conversion into a [`Note`].
//!
//! Workspace state is never drafted (it is computed from git), so it is not in the schema.

use crate::note::{Claim, FileEntry, Note, OpenLoop, Owner};
use serde::Deserialize;
use serde_json::{Value, json};

/// The model's answer in JSON modes. Every field is required (as strict structured outputs
/// demand); lists may be empty.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct DraftedNote {
    /// The goal in one sentence.
    pub goal: DraftedClaim,
    /// Verified items.
    pub verified: Vec<DraftedClaim>,
    /// Partial or unverified items.
    pub partial: Vec<DraftedClaim>,
    /// Decisions with reasons.
    pub decisions: Vec<DraftedClaim>,
    /// Discarded approaches with why they failed.
    pub discarded: Vec<DraftedClaim>,
    /// Files and symbols.
    pub files: Vec<DraftedFile>,
    /// Open loops.
    pub open_loops: Vec<DraftedLoop>,
    /// The one next action.
    pub next_action: DraftedClaim,
    /// Watch-outs.
    pub watch_outs: Vec<DraftedClaim>,
}

/// A claim with its citations.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct DraftedClaim {
    /// The sentence.
    pub text: String,
    /// Evidence ids.
    pub cite: Vec<String>,
}

/// A file entry.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct DraftedFile {
    /// Path relative to the repository root.
    pub path: String,
    /// Symbols touched.
    pub symbols: Vec<String>,
    /// What changed.
    pub summary: String,
    /// Evidence ids.
    pub cite: Vec<String>,
}

/// An open loop.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct DraftedLoop {
    /// `Agent` or `Human`.
    pub owner: Owner,
    /// What is open.
    pub text: String,
    /// The check that closes it.
    pub verify: String,
    /// Evidence ids.
    pub cite: Vec<String>,
}

fn claim_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "cite": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["text", "cite"],
        "additionalProperties": false
    })
}

/// The JSON Schema of [`DraftedNote`], in the subset strict structured outputs accept (every
/// property required, no additional properties).
pub(crate) fn json_schema() -> Value {
    let claims = json!({"type": "array", "items": claim_schema()});
    json!({
        "type": "object",
        "properties": {
            "goal": claim_schema(),
            "verified": claims,
            "partial": claims,
            "decisions": claims,
            "discarded": claims,
            "files": {"type": "array", "items": {
                "type": "object",
                "properties": {
                    "path": {"type": "string"},
                    "symbols": {"type": "array", "items": {"type": "string"}},
                    "summary": {"type": "string"},
                    "cite": {"type": "array", "items": {"type": "string"}}
                },
                "required": ["path", "symbols", "summary", "cite"],
                "additionalProperties": false
            }},
            "open_loops": {"type": "array", "items": {
                "type": "object",
                "properties": {
                    "owner": {"type": "string", "enum": ["Agent", "Human"]},
                    "text": {"type": "string"},
                    "verify": {"type": "string"},
                    "cite": {"type": "array", "items": {"type": "string"}}
                },
                "required": ["owner", "text", "verify", "cite"],
                "additionalProperties": false
            }},
            "next_action": claim_schema(),
            "watch_outs": claims
        },
        "required": ["goal", "verified", "partial", "decisions", "discarded", "files",
                     "open_loops", "next_action", "watch_outs"],
        "additionalProperties": false
    })
}

/// The `response_format` value for structured outputs (`name` is required by vLLM).
pub(super) fn response_format_json_schema() -> Value {
    json!({
        "type": "json_schema",
        "json_schema": {"name": "handoff_note", "strict": true, "schema": json_schema()}
    })
}

/// A chunk's answer on the chunked path (`prompts/chunk-user.md`): facts about one older part of
/// the session, each citing the evidence ids it rests on.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct ChunkAnswer {
    /// The facts, in the order given.
    pub facts: Vec<DraftedClaim>,
}

/// The JSON Schema of [`ChunkAnswer`], strict like the note's.
pub(crate) fn chunk_json_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"facts": {"type": "array", "items": claim_schema()}},
        "required": ["facts"],
        "additionalProperties": false
    })
}

/// The `response_format` value of a chunk request.
pub(super) fn response_format_chunk_schema() -> Value {
    json!({
        "type": "json_schema",
        "json_schema": {"name": "handoff_chunk_facts", "strict": true, "schema": chunk_json_schema()}
    })
}

/// Parses a chunk's answer into `(text, cite)` facts, ids cleaned as a note's are. The error says
/// what is wrong, in one line.
pub(super) fn parse_chunk(content: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let text = json_object_text(content)?;
    let answer: ChunkAnswer = serde_json::from_str(text)
        .map_err(|e| format!("the answer does not match the chunk schema: {e}"))?;
    Ok(answer
        .facts
        .into_iter()
        .filter(|f| !f.text.trim().is_empty())
        .map(|f| (f.text.trim().to_string(), clean_cites(f.cite)))
        .collect())
}

/// The JSON object inside `content`: models in JSON mode sometimes wrap it in a code fence or
/// add a sentence around it.
fn json_object_text(content: &str) -> Result<&str, String> {
    let start = content.find('{');
    let end = content.rfind('}');
    match (start, end) {
        (Some(start), Some(end)) if end > start => Ok(&content[start..=end]),
        _ => Err(format!(
            "the answer holds no JSON object (starts {:?})",
            head(content)
        )),
    }
}

/// Parses and checks a JSON answer. The error says what is wrong, in one line.
pub(super) fn parse_json(content: &str) -> Result<DraftedNote, String> {
    let text = json_object_text(content)?;
    let note: DraftedNote = serde_json::from_str(text)
        .map_err(|e| format!("the answer does not match the note schema: {e}"))?;
    if note.goal.text.trim().is_empty() {
        return Err("the answer has an empty goal".into());
    }
    if note.next_action.text.trim().is_empty() {
        return Err("the answer has an empty next_action".into());
    }
    Ok(note)
}

fn head(s: &str) -> String {
    s.chars().take(60).collect()
}

fn clean_cites(cite: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in cite {
        for id in c.split([',', ' ']) {
            let id = id.trim_matches(|ch: char| !ch.is_ascii_alphanumeric());
            if !id.is_empty() && !out.iter().any(|x| x == id) {
                out.push(id.to_string());
            }
        }
    }
    out
}

fn claim(c: DraftedClaim) -> Claim {
    Claim {
        line: None,
        text: c.text.trim().to_string(),
        cite: clean_cites(c.cite),
        flag: None,
    }
}

fn claims(cs: Vec<DraftedClaim>) -> Vec<Claim> {
    cs.into_iter()
        .filter(|c| !c.text.trim().is_empty())
        .map(claim)
        .collect()
}

impl DraftedNote {
    /// The drafted sections as a [`Note`] (header and workspace are filled by the caller).
    pub(crate) fn into_note(self) -> Note {
        Note {
            goal: Some(claim(self.goal)),
            verified: claims(self.verified),
            partial: claims(self.partial),
            decisions: claims(self.decisions),
            discarded: claims(self.discarded),
            files: self
                .files
                .into_iter()
                .filter(|f| !f.path.trim().is_empty())
                .map(|f| FileEntry {
                    path: f.path.trim().trim_matches('`').to_string(),
                    symbols: f
                        .symbols
                        .into_iter()
                        .map(|s| s.trim().trim_matches('`').to_string())
                        .filter(|s| !s.is_empty())
                        .collect(),
                    summary: f.summary.trim().to_string(),
                    cite: clean_cites(f.cite),
                    ..FileEntry::default()
                })
                .collect(),
            open_loops: self
                .open_loops
                .into_iter()
                .filter(|l| !l.text.trim().is_empty())
                .map(|l| OpenLoop {
                    when: None,
                    line: None,
                    owner: Some(l.owner),
                    text: l.text.trim().to_string(),
                    verify: Some(l.verify.trim().trim_matches('`').to_string())
                        .filter(|v| !v.is_empty()),
                    cite: clean_cites(l.cite),
                    flag: None,
                })
                .collect(),
            next_actions: vec![claim(self.next_action)],
            watch_outs: claims(self.watch_outs),
            ..Note::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_example_matches_the_schema() {
        let example = include_str!("../../../prompts/format-json.md");
        let note = parse_json(example).expect("format-json.md example parses");
        assert_eq!(note.files[0].symbols, ["parse_line"]);
        assert_eq!(note.open_loops[0].owner, Owner::Agent);
    }

    #[test]
    fn schema_is_strict() {
        let s = json_schema();
        let props = s["properties"].as_object().unwrap();
        let required = s["required"].as_array().unwrap();
        assert_eq!(props.len(), required.len());
        assert_eq!(s["additionalProperties"], false);
        assert_eq!(
            response_format_json_schema()["json_schema"]["name"],
            "handoff_note"
        );
    }

    #[test]
    fn fenced_json_is_accepted_and_converted() {
        let content = "```json\n{\"goal\":{\"text\":\" Fix refresh \",\"cite\":[\"M1\"]},\"verified\":[],\"partial\":[{\"text\":\"half\",\"cite\":[\"E1, E2\"]}],\"decisions\":[],\"discarded\":[],\"files\":[{\"path\":\"`src/a.rs`\",\"symbols\":[\"`f`\"],\"summary\":\"s\",\"cite\":[]}],\"open_loops\":[{\"owner\":\"Human\",\"text\":\"t\",\"verify\":\"`cargo test`\",\"cite\":[\"(T1)\"]}],\"next_action\":{\"text\":\"Run `cargo test`\",\"cite\":[\"T1\"]},\"watch_outs\":[{\"text\":\"\",\"cite\":[]}]}\n```";
        let note = parse_json(content).unwrap().into_note();
        assert_eq!(note.goal.as_ref().unwrap().text, "Fix refresh");
        assert_eq!(note.partial[0].cite, ["E1", "E2"]);
        assert_eq!(note.files[0].path, "src/a.rs");
        assert_eq!(note.files[0].symbols, ["f"]);
        assert_eq!(note.open_loops[0].verify.as_deref(), Some("cargo test"));
        assert_eq!(note.open_loops[0].cite, ["T1"]);
        assert_eq!(note.next_actions.len(), 1);
        assert!(note.watch_outs.is_empty());
    }

    #[test]
    fn the_chunk_prompt_example_matches_its_schema() {
        let example = include_str!("../../../prompts/chunk-user.md");
        let example = &example[example.find("{\"facts\"").unwrap()..];
        let facts = parse_chunk(example).expect("chunk-user.md example parses");
        assert_eq!(facts[0].1, ["C12", "E3"]);
        let s = chunk_json_schema();
        assert_eq!(s["additionalProperties"], false);
        assert_eq!(
            response_format_chunk_schema()["json_schema"]["schema"],
            chunk_json_schema()
        );
        assert!(
            parse_chunk("no facts here")
                .unwrap_err()
                .contains("no JSON object")
        );
        let e = parse_chunk("{\"fact\": []}").unwrap_err();
        assert!(e.contains("missing field `facts`"), "{e}");
        let facts = parse_chunk("```json\n{\"facts\":[{\"text\":\" \",\"cite\":[]},{\"text\":\"Ran it.\",\"cite\":[\"(C1), C2\"]}]}\n```").unwrap();
        assert_eq!(
            facts,
            [(
                "Ran it.".to_string(),
                vec!["C1".to_string(), "C2".to_string()]
            )]
        );
    }

    #[test]
    fn bad_answers_are_named() {
        assert!(
            parse_json("Sure! Here is the note.")
                .unwrap_err()
                .contains("no JSON object")
        );
        let e = parse_json("{\"goal\":{\"text\":\"g\",\"cite\":[]}}").unwrap_err();
        assert!(e.contains("missing field `verified`"), "{e}");
        let e = parse_json("{\"goal\": 3}").unwrap_err();
        assert!(e.contains("schema"), "{e}");
    }
}
