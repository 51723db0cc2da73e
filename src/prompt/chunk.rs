//! Sessions larger than the budget: the chunked path.
//!
//! When the session's timeline or turns do not fit the prompt whole (multi-week aider histories,
//! 100 MB Claude sessions), trimming would drop most of the session unread. Instead the older
//! part is summarised first: split into parts that each fit one request, each part sent with
//! `prompts/chunk-system.md` and `prompts/chunk-user.md`, and answered with facts that cite the
//! part's own evidence ids — the same `M`, `C`, `E`, `X` ids the note cites, so the validator
//! judges them as any other citation. The draft prompt then carries those facts in place of the
//! older part, and the recent part (timeline and turns from [`ChunkPlan::recent_from`] on, the
//! closing messages) whole. The number of chunk requests is capped; the oldest material beyond
//! the cap is left out, as trimming leaves out older material first.
//!
//! A session that fits gets today's prompt, byte for byte ([`Plan::Fits`]).

use super::{
    BlockStatus, MESSAGE_OVERHEAD, Prompt, PromptOptions, Recent, Templates, Turns, blocks,
    build_with, fence_for, place, render_turn, timeline,
};
use crate::analysis::Analysis;
use crate::evidence::Evidence;
use std::fmt::Write as _;

/// The chunk requests a run makes at most unless configured otherwise (`--max-chunks`).
pub(crate) const DEFAULT_MAX_CHUNKS: usize = 8;
/// The recent part (timeline entries and turns shown whole in the draft prompt) takes at most
/// this fraction of the room the blocks above it (git state, analysis, tests, first request,
/// closing messages) leave: 2/5, the rest goes to the chunk facts and the diff.
const RECENT_SHARE: (usize, usize) = (2, 5);
/// Less room than this for the session's own blocks, and chunking cannot help: trimmed as before.
const MIN_SESSION_ROOM: usize = 200;
/// One item (a message, a command with its output) takes at most 1/`ITEM_SHARE` of a chunk; a
/// longer one is cut in the middle, so that one pasted log cannot fill a part alone.
const ITEM_SHARE: usize = 4;
/// A chunk whose evidence would get fewer tokens than this is not worth a request: such a
/// budget is trimmed as before.
const MIN_CHUNK_TOKENS: usize = 256;
/// The blocks whose trimming means the session itself does not fit (not its diff or tests).
const SESSION_BLOCKS: [&str; 3] = ["timeline", "older turns", "last turns"];

/// One chunk request: the messages and what they hold.
#[derive(Debug, Clone)]
pub(crate) struct ChunkPrompt {
    /// System message (`chunk-system.md`).
    pub(crate) system: String,
    /// User message (`chunk-user.md` with the part, fenced).
    pub(crate) user: String,
    /// Tokens of both messages plus [`MESSAGE_OVERHEAD`].
    pub(crate) tokens: usize,
    /// The evidence ids shown in the part, in order: the ids its facts may cite.
    pub(crate) ids: Vec<String>,
    /// Timeline entries and messages in the part.
    pub(crate) items: usize,
}

/// How a session that does not fit is sent: chunk requests for its older part, then the draft.
#[derive(Debug, Clone)]
pub(crate) struct ChunkPlan {
    /// The chunk requests, oldest part first.
    pub(crate) chunks: Vec<ChunkPrompt>,
    /// The first event (`seq`) of the recent part, shown whole in the draft prompt.
    pub(crate) recent_from: u64,
    /// Items (timeline entries and messages) in the older part, and their tokens.
    pub(crate) older_items: usize,
    /// Tokens of the older part, as the chunks would show it.
    pub(crate) older_tokens: usize,
    /// The oldest items beyond the cap, left out, and their tokens.
    pub(crate) left_out_items: usize,
    /// Tokens of the left-out items.
    pub(crate) left_out_tokens: usize,
    /// The cap on chunk requests.
    pub(crate) max_chunks: usize,
    /// The budget each request (chunks and draft) is built for.
    pub(crate) budget: usize,
    /// The blocks of today's prompt that were cut or dropped: why the plan exists.
    pub(crate) trimmed: Vec<&'static str>,
}

/// Today's prompt, or the chunked plan when the session does not fit it.
#[derive(Debug, Clone)]
// Built once per note and unpacked at once.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Plan {
    /// The session fits (or cannot be chunked): the prompt as built today.
    Fits(Prompt),
    /// The session's older part goes through chunk requests first.
    Chunked(ChunkPlan),
}

/// The checked facts of one chunk answer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ChunkFacts {
    /// Which part (1-based) of how many.
    pub(crate) part: usize,
    /// The ids the part spans, first and last.
    pub(crate) span: (String, String),
    /// `(text, cite)` facts, every cited id one the part shows.
    pub(crate) facts: Vec<(String, Vec<String>)>,
}

/// One timeline entry or message of the session, as a chunk shows it.
struct Item {
    seq: u64,
    id: Option<String>,
    text: String,
    tokens: usize,
}

/// Today's prompt when the session fits, else the chunked plan. `max_chunks` 0 turns the
/// chunked path off (today's trimming).
pub(crate) fn plan(
    ev: &Evidence,
    analysis: &Analysis,
    templates: &Templates,
    opts: &PromptOptions,
    max_chunks: usize,
) -> crate::Result<Plan> {
    let prompt = build_with(ev, analysis, templates, opts)?;
    let trimmed: Vec<&'static str> = prompt
        .blocks
        .iter()
        .filter(|b| SESSION_BLOCKS.contains(&b.name))
        .filter(|b| matches!(b.status, BlockStatus::Cut | BlockStatus::Dropped))
        .map(|b| b.name)
        .collect();
    let Some(t) = ev.transcript.as_ref().filter(|_| !trimmed.is_empty()) else {
        return Ok(Plan::Fits(prompt));
    };
    if max_chunks == 0 {
        return Ok(Plan::Fits(prompt));
    }
    let enc = opts.encoding;
    let redact = opts.redact;
    let r = |s: &str| -> String { crate::redact::redact_if(s, redact).into_owned() };
    let fixed = enc.count(&templates.chunk_system)
        + enc.count(&chunk_user(templates, 99, 99, "```text\n\n```"))
        + MESSAGE_OVERHEAD;
    // A little slack: counting pieces is not exactly additive.
    let capacity = opts.budget.saturating_sub(fixed) * 97 / 100;
    if capacity < MIN_CHUNK_TOKENS {
        return Ok(Plan::Fits(prompt));
    }

    let turns = Turns::of(t);
    let mut items: Vec<Item> = timeline::entries(t, analysis, &r)
        .into_iter()
        .map(|e| Item {
            seq: e.seq,
            id: e.id,
            text: e.text,
            tokens: 0,
        })
        .collect();
    items.extend(turns.rest.iter().map(|m| Item {
        seq: m.seq,
        id: Some(m.id.clone()),
        text: r(&render_turn(m)),
        tokens: 0,
    }));
    items.sort_by_key(|i| i.seq);
    let item_cap = capacity / ITEM_SHARE;
    for item in &mut items {
        let mut tokens = enc.count(&item.text);
        if tokens > item_cap {
            item.text = enc.truncate_middle(&item.text, item_cap).into_owned();
            tokens = enc.count(&item.text);
        }
        // The newline that joins it to the next.
        item.tokens = tokens + 1;
    }

    // The recent part: the newest items that fit their share of the room, whole.
    let above: usize = prompt
        .blocks
        .iter()
        .filter(|b| !SESSION_BLOCKS.contains(&b.name) && b.name != "diff hunks")
        .map(|b| b.tokens)
        .sum();
    let room = opts.budget.saturating_sub(above);
    if room < MIN_SESSION_ROOM {
        return Ok(Plan::Fits(prompt));
    }
    let share = room * RECENT_SHARE.0 / RECENT_SHARE.1;
    let mut cut = items.len();
    let mut used = 0;
    while cut > 0 && used + items[cut - 1].tokens <= share {
        cut -= 1;
        used += items[cut].tokens;
    }
    let recent_from = match items.get(cut) {
        Some(i) => i.seq,
        None => items.last().map_or(0, |i| i.seq + 1),
    };
    let older: Vec<&Item> = items.iter().filter(|i| i.seq < recent_from).collect();
    if older.is_empty() {
        return Ok(Plan::Fits(prompt));
    }

    // Parts of at most `capacity` tokens, in order. Over the cap, packed from the newest back,
    // so that what is left out is the oldest.
    let mut parts = pack(older.iter().copied(), capacity, usize::MAX);
    let mut next = 0;
    if parts.len() > max_chunks {
        parts = pack(older.iter().rev().copied(), capacity, max_chunks);
        parts.reverse();
        for part in &mut parts {
            part.reverse();
        }
        next = older.len() - parts.iter().map(Vec::len).sum::<usize>();
    }
    let left_out = &older[..next];

    let n = parts.len();
    let chunks = parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| chunk_prompt(templates, opts, i + 1, n, &part))
        .collect();
    Ok(Plan::Chunked(ChunkPlan {
        chunks,
        recent_from,
        older_items: older.len(),
        older_tokens: older.iter().map(|i| i.tokens).sum(),
        left_out_items: left_out.len(),
        left_out_tokens: left_out.iter().map(|i| i.tokens).sum(),
        max_chunks,
        budget: opts.budget,
        trimmed,
    }))
}

/// `items` in parts of at most `capacity` tokens each (one item over it alone), at most `max`
/// parts. Items of one event (a request's timeline entry and its message) stay together.
fn pack<'a>(
    items: impl Iterator<Item = &'a Item>,
    capacity: usize,
    max: usize,
) -> Vec<Vec<&'a Item>> {
    let mut parts: Vec<Vec<&Item>> = Vec::new();
    let mut current: Vec<&Item> = Vec::new();
    let mut tokens = 0;
    for item in items {
        let same_event = current.last().is_some_and(|last| last.seq == item.seq);
        if tokens + item.tokens > capacity && !current.is_empty() && !same_event {
            parts.push(std::mem::take(&mut current));
            tokens = 0;
            if parts.len() == max {
                return parts;
            }
        }
        current.push(item);
        tokens += item.tokens;
    }
    if !current.is_empty() && parts.len() < max {
        parts.push(current);
    }
    parts
}

fn chunk_user(templates: &Templates, part: usize, parts: usize, evidence: &str) -> String {
    templates
        .chunk_user
        .replace("{{part}}", &part.to_string())
        .replace("{{parts}}", &parts.to_string())
        .replace("{{evidence}}", evidence.trim_end())
        .trim_end()
        .to_string()
}

/// The request for one part, cut in the middle should the joined text count over the budget.
fn chunk_prompt(
    templates: &Templates,
    opts: &PromptOptions,
    part: usize,
    parts: usize,
    items: &[&Item],
) -> ChunkPrompt {
    let enc = opts.encoding;
    let mut body = items
        .iter()
        .map(|i| i.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let system = templates.chunk_system.clone();
    let system_tokens = enc.count(&system);
    loop {
        let fence = fence_for(&body);
        let user = chunk_user(
            templates,
            part,
            parts,
            &format!("{fence}text\n{body}\n{fence}"),
        );
        let tokens = system_tokens + enc.count(&user) + MESSAGE_OVERHEAD;
        if tokens <= opts.budget || body.is_empty() {
            return ChunkPrompt {
                system,
                user,
                tokens,
                ids: items.iter().filter_map(|i| i.id.clone()).collect(),
                items: items.len(),
            };
        }
        let body_tokens = enc.count(&body);
        body = enc
            .truncate_middle(&body, body_tokens.saturating_sub(tokens - opts.budget + 16))
            .into_owned();
    }
}

/// The facts of a chunk answer the draft may rely on: each must cite at least one id and only
/// ids its part shows (`known`). Returns the kept facts and how many were dropped.
pub(crate) fn keep_cited(
    facts: Vec<(String, Vec<String>)>,
    known: &[String],
) -> (Vec<(String, Vec<String>)>, usize) {
    let total = facts.len();
    let kept: Vec<_> = facts
        .into_iter()
        .filter(|(_, cite)| !cite.is_empty() && cite.iter().all(|id| known.contains(id)))
        .collect();
    let dropped = total - kept.len();
    (kept, dropped)
}

impl ChunkPlan {
    /// The span of ids of part `i` (0-based), first and last.
    pub(crate) fn span(&self, i: usize) -> (String, String) {
        let ids = &self.chunks[i].ids;
        (
            ids.first().cloned().unwrap_or_default(),
            ids.last().cloned().unwrap_or_default(),
        )
    }

    /// Tokens of every chunk request's prompt.
    pub(crate) fn chunk_tokens(&self) -> usize {
        self.chunks.iter().map(|c| c.tokens).sum()
    }

    /// The plan and its cost in tokens, for `--dry-run`: the chunks, what is left out, and the
    /// most the chunk requests and the draft request can spend (`chunk_output` and
    /// `draft_output` are their output caps).
    pub(crate) fn table(&self, chunk_output: u32, draft_output: u32) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "the session does not fit the budget whole ({} cut); its older part ({} items, {} tokens) goes through {} chunk request(s) first (cap {}), then the draft request with their facts and the recent part whole",
            self.trimmed.join(", "),
            self.older_items,
            self.older_tokens,
            self.chunks.len(),
            self.max_chunks
        );
        let _ = writeln!(s, "{:<6} {:>7} {:>8}  ids", "chunk", "items", "tokens");
        for (i, c) in self.chunks.iter().enumerate() {
            let (first, last) = self.span(i);
            let _ = writeln!(
                s,
                "{:<6} {:>7} {:>8}  {first} … {last}",
                i + 1,
                c.items,
                c.tokens
            );
        }
        if self.left_out_items > 0 {
            let _ = writeln!(
                s,
                "left out: the oldest {} items ({} tokens), beyond the cap of {} chunks (--max-chunks)",
                self.left_out_items, self.left_out_tokens, self.max_chunks
            );
        }
        let n = self.chunks.len();
        let chunk_prompt = self.chunk_tokens();
        let chunk_out = n * chunk_output as usize;
        let total = chunk_prompt + chunk_out + self.budget + draft_output as usize;
        let _ = writeln!(
            s,
            "cost: {n} chunk request(s) {chunk_prompt} prompt tokens + at most {chunk_out} output tokens; the draft request at most {} prompt + {draft_output} output tokens; at most {total} tokens in all (repair round not counted)",
            self.budget
        );
        s
    }
}

/// The draft prompt of the chunked path: the chunk facts in place of the older part, the recent
/// part whole (trimmed as always should it still not fit).
pub(crate) fn build_chunked(
    ev: &Evidence,
    analysis: &Analysis,
    templates: &Templates,
    opts: &PromptOptions,
    plan: &ChunkPlan,
    facts: &[ChunkFacts],
) -> crate::Result<Prompt> {
    let body = render_facts(facts, plan.chunks.len());
    let recent = Recent {
        recent_from: plan.recent_from,
        facts: &body,
    };
    place(
        blocks(ev, analysis, opts.redact, Some(&recent)),
        templates,
        opts,
    )
}

/// The chunk facts block's body: per part, its span and its facts with their ids.
fn render_facts(facts: &[ChunkFacts], parts: usize) -> String {
    let mut s = String::new();
    for c in facts {
        let _ = writeln!(
            s,
            "part {} of {parts} ({} … {}):",
            c.part, c.span.0, c.span.1
        );
        for (text, cite) in &c.facts {
            let _ = writeln!(s, "- {text} ({})", cite.join(", "));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::super::tests::opts;
    use super::*;
    use crate::evidence::transcript::Role;

    fn long_session() -> Evidence {
        super::super::tests::sample(80, &"the agent explains what it did. ".repeat(30))
    }

    fn chunked(ev: &Evidence, budget: usize, max: usize) -> ChunkPlan {
        let a = crate::analysis::analyse(ev);
        match plan(ev, &a, &Templates::default(), &opts(budget), max).unwrap() {
            Plan::Chunked(p) => p,
            Plan::Fits(p) => panic!("fits: {}", p.table()),
        }
    }

    #[test]
    fn a_session_that_fits_gets_todays_prompt() {
        let ev = super::super::tests::sample(4, "short");
        let a = crate::analysis::analyse(&ev);
        let today = build_with(&ev, &a, &Templates::default(), &opts(20_000)).unwrap();
        match plan(&ev, &a, &Templates::default(), &opts(20_000), 8).unwrap() {
            Plan::Fits(p) => assert_eq!((p.system, p.user), (today.system, today.user)),
            Plan::Chunked(p) => panic!("chunked: {}", p.table(100, 100)),
        }
        // Off: today's trimming, whatever the size.
        let ev = long_session();
        let a = crate::analysis::analyse(&ev);
        assert!(matches!(
            plan(&ev, &a, &Templates::default(), &opts(3_000), 0).unwrap(),
            Plan::Fits(_)
        ));
    }

    #[test]
    fn the_older_part_is_split_into_parts_that_fit_with_their_ids() {
        let ev = long_session();
        let p = chunked(&ev, 3_000, 8);
        assert!(p.chunks.len() > 1, "{}", p.table(100, 100));
        assert!(p.trimmed.contains(&"older turns"), "{:?}", p.trimmed);
        for c in &p.chunks {
            assert!(c.tokens <= 3_000, "{}", c.tokens);
            assert!(c.user.starts_with("Part "), "{}", c.user);
            assert!(c.user.contains("```text\n"), "fenced: {}", c.user);
            for id in &c.ids {
                assert!(c.user.contains(id.as_str()), "{id} shown");
            }
        }
        // Oldest part first (the first request's timeline entry); in order; nothing left out
        // under the cap.
        assert_eq!(p.chunks[0].ids.first().map(String::as_str), Some("M1"));
        for pair in p.chunks.windows(2) {
            assert!(!pair[1].ids.contains(pair[0].ids.last().unwrap()));
        }
        assert_eq!(p.left_out_items, 0);
        let table = p.table(2048, 4096);
        assert!(table.contains("cost:"), "{table}");
        assert!(table.contains(&format!("{} chunk request(s)", p.chunks.len())));
    }

    #[test]
    fn the_cap_leaves_out_the_oldest_part() {
        let ev = long_session();
        let all = chunked(&ev, 3_000, 50);
        let capped = chunked(&ev, 3_000, 2);
        assert!(all.chunks.len() > 2);
        assert_eq!(capped.chunks.len(), 2);
        assert!(capped.left_out_items > 0);
        // The newest parts are kept.
        assert_eq!(
            capped.chunks[1].ids.last(),
            all.chunks.last().unwrap().ids.last()
        );
        assert!(capped.table(1, 1).contains("left out: the oldest"));
    }

    #[test]
    fn the_draft_prompt_carries_the_facts_and_the_recent_part_whole() {
        let mut ev = long_session();
        let last = ev.transcript.as_ref().unwrap().messages.len();
        ev.transcript
            .as_mut()
            .unwrap()
            .messages
            .push(crate::testkit::message(
                &format!("M{}", last + 1),
                Role::User,
                "one more thing: the expiry",
                (last + 1) as u64,
            ));
        let a = crate::analysis::analyse(&ev);
        let p = chunked(&ev, 3_000, 8);
        let facts = vec![ChunkFacts {
            part: 1,
            span: p.span(0),
            facts: vec![("The first tests failed in auth.".into(), vec!["C1".into()])],
        }];
        let prompt =
            build_chunked(&ev, &a, &Templates::default(), &opts(3_000), &p, &facts).unwrap();
        let u = &prompt.user;
        assert!(prompt.total_tokens <= 3_000);
        assert!(u.contains("- The first tests failed in auth. (C1)"), "{u}");
        assert!(u.contains(&format!("part 1 of {}", p.chunks.len())), "{u}");
        assert!(!u.contains("### Earlier turns"), "{u}");
        // Reading order: facts of the older part before the recent timeline and turns.
        let facts_at = u.find("### Facts from the older part").unwrap();
        let timeline_at = u.find("### Timeline").unwrap();
        assert!(facts_at < timeline_at, "{u}");
        assert!(u.contains("one more thing: the expiry"), "{u}");
        // The facts are whole; no turn older than the cut shows.
        let status = |n: &str| prompt.blocks.iter().find(|b| b.name == n).unwrap().status;
        assert_eq!(
            status("chunk facts"),
            BlockStatus::Kept,
            "{}",
            prompt.table()
        );
        assert!(!u.contains("[M2 assistant]"), "{u}");
    }

    #[test]
    fn facts_must_cite_ids_of_their_part() {
        let known = vec!["C1".to_string(), "M2".to_string()];
        let (kept, dropped) = keep_cited(
            vec![
                ("ok".into(), vec!["C1".into()]),
                ("both".into(), vec!["C1".into(), "M2".into()]),
                ("made up".into(), vec!["C99".into()]),
                ("one made up".into(), vec!["C1".into(), "E7".into()]),
                ("uncited".into(), vec![]),
            ],
            &known,
        );
        assert_eq!(kept.len(), 2);
        assert_eq!(dropped, 3);
    }
}
