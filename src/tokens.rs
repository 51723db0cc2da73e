//! Token counting (tiktoken-rs) and the context-window table used for prompt budgets.
//!
//! The vocabularies are the crate's process-wide singletons: building one parses a 3.6 MB table,
//! so it is done once and shared. tiktoken-rs does all the counting: a large input is made
//! faster by counting its pieces on every core ([`count_reader`], where each extra counting
//! thread has a vocabulary of its own so that the threads do not wait on each other), never by
//! counting another way.

use std::borrow::Cow;
use std::io::{BufRead, BufReader, Read};
use std::num::NonZeroUsize;
use tiktoken_rs::CoreBPE;

/// A BPE vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// GPT-4o, GPT-4.1, GPT-5, o-series; the default for unknown (open) models.
    #[default]
    O200kBase,
    /// GPT-4, GPT-3.5 and the older embedding models.
    Cl100kBase,
}

impl Encoding {
    /// Every encoding.
    pub const ALL: [Encoding; 2] = [Encoding::O200kBase, Encoding::Cl100kBase];

    /// The encoding a model uses: `cl100k_base` for GPT-4/GPT-3.5-era models, `o200k_base`
    /// otherwise (open models have their own tokenizers; o200k is a fair estimate for them).
    pub fn for_model(model: &str) -> Encoding {
        match tiktoken_rs::tokenizer::get_tokenizer(model) {
            Some(tiktoken_rs::tokenizer::Tokenizer::Cl100kBase) => Encoding::Cl100kBase,
            _ => Encoding::O200kBase,
        }
    }

    /// Its name as tiktoken spells it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::O200kBase => "o200k_base",
            Encoding::Cl100kBase => "cl100k_base",
        }
    }

    fn bpe(self) -> &'static CoreBPE {
        match self {
            Encoding::O200kBase => tiktoken_rs::o200k_base_singleton(),
            Encoding::Cl100kBase => tiktoken_rs::cl100k_base_singleton(),
        }
    }

    /// A vocabulary of this thread's own, for a counting thread beside the one that uses the
    /// shared one: tiktoken-rs's copies of a pattern share one pool of match scratch space, so
    /// threads counting with the shared vocabulary wait on each other (two threads took twice
    /// the CPU of one for the same wall time). Building one costs about 0.2 s, spent while the
    /// other threads count. `None` when it cannot be built (then the shared one is used).
    fn own_bpe(self) -> Option<CoreBPE> {
        match self {
            Encoding::O200kBase => tiktoken_rs::o200k_base().ok(),
            Encoding::Cl100kBase => tiktoken_rs::cl100k_base().ok(),
        }
    }

    /// Counts `text` with `bpe`, a vocabulary of this encoding.
    fn count_with(bpe: &CoreBPE, text: &str) -> usize {
        if text.is_empty() {
            return 0;
        }
        bpe.encode_ordinary(text).len()
    }

    /// Counts the tokens of `text`. Special-token strings such as `<|endoftext|>` in untrusted
    /// text count as ordinary text.
    pub fn count(self, text: &str) -> usize {
        Encoding::count_with(self.bpe(), text)
    }

    /// Cuts `text` to at most about `max_tokens` tokens, keeping its head and tail around an
    /// explicit `[… N tokens elided …]` marker (cuts snap to line ends when one is near).
    /// Returns the text unchanged when it fits. The result may exceed `max_tokens` by a token or
    /// two where the cut changes how neighbouring text is split; callers re-count.
    pub fn truncate_middle(self, text: &str, max_tokens: usize) -> Cow<'_, str> {
        let bpe = self.bpe();
        let tokens = bpe.encode_ordinary(text);
        if tokens.len() <= max_tokens {
            return Cow::Borrowed(text);
        }
        let elided_guess = tokens.len().saturating_sub(max_tokens);
        let marker_cost = self.count(&marker(elided_guess)) + 2;
        let keep = max_tokens.saturating_sub(marker_cost);
        if keep == 0 {
            return Cow::Owned(marker(tokens.len()).trim().to_string());
        }
        let head_tokens = keep.div_ceil(2);
        let tail_tokens = keep - head_tokens;
        let head_bytes = bpe
            .decode_bytes(&tokens[..head_tokens])
            .map(|b| b.len())
            .unwrap_or(0);
        let tail_bytes = bpe
            .decode_bytes(&tokens[tokens.len() - tail_tokens..])
            .map(|b| b.len())
            .unwrap_or(0);
        let mut head_end = floor_char_boundary(text, head_bytes);
        let mut tail_start = ceil_char_boundary(text, text.len().saturating_sub(tail_bytes));
        // Whole lines read better; move the cut back to a line end if one is close.
        if let Some(nl) = text[..head_end].rfind('\n')
            && head_end - nl < 200
            && nl > 0
        {
            head_end = nl + 1;
        }
        if let Some(nl) = text[tail_start..].find('\n')
            && nl < 200
            && tail_start + nl + 1 < text.len()
        {
            tail_start += nl + 1;
        }
        if tail_start < head_end {
            tail_start = head_end;
        }
        let head = &text[..head_end];
        let tail = &text[tail_start..];
        let elided = tokens
            .len()
            .saturating_sub(self.count(head) + self.count(tail));
        let mut out = String::with_capacity(head.len() + tail.len() + 40);
        out.push_str(head);
        if !head.is_empty() && !head.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&marker(elided));
        out.push_str(tail);
        Cow::Owned(out)
    }
}

/// Text is counted in pieces of about this size, cut at line ends, so memory stays bounded on
/// huge inputs (counts of pieces add up to within a token per cut).
const PIECE_BYTES: usize = 1 << 20;

/// Counts the tokens of a reader, piece by piece, on `threads` threads: the pieces are
/// independent, so the reading thread hands them to one counting thread each (through a
/// channel that holds two pieces per thread, so memory stays bounded) and adds up their
/// counts. The shared vocabulary is built once, by the first thread that needs it; every other
/// counting thread builds its own (see `Encoding::own_bpe`). `progress` is
/// called with the bytes read so far after each piece is read.
pub fn count_reader(
    reader: impl Read,
    enc: Encoding,
    threads: NonZeroUsize,
    progress: impl FnMut(u64),
) -> std::io::Result<usize> {
    let threads = threads.get();
    let mut pieces = Pieces {
        reader: BufReader::new(reader),
        read: 0,
        progress,
    };
    let Some(first) = pieces.next()? else {
        return Ok(0);
    };
    let Some(second) = pieces.next()? else {
        return Ok(count_piece(enc, &first));
    };
    if threads < 2 {
        let mut total = count_piece(enc, &first) + count_piece(enc, &second);
        while let Some(piece) = pieces.next()? {
            total += count_piece(enc, &piece);
        }
        return Ok(total);
    }
    let (send, receive) = std::sync::mpsc::sync_channel::<Piece>(2 * threads);
    let receive = std::sync::Mutex::new(receive);
    std::thread::scope(|scope| {
        let counters: Vec<_> = (0..threads)
            .map(|i| {
                let receive = &receive;
                scope.spawn(move || {
                    // The first counter uses the shared vocabulary, every other one its own.
                    let own = if i == 0 { None } else { enc.own_bpe() };
                    let bpe = own.as_ref().unwrap_or_else(|| enc.bpe());
                    let mut total = 0;
                    loop {
                        let next = receive
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match next {
                            Ok(piece) => {
                                total +=
                                    Encoding::count_with(bpe, &String::from_utf8_lossy(&piece.text))
                            }
                            Err(_) => return total,
                        }
                    }
                })
            })
            .collect();
        let mut read = Ok(());
        for piece in [first, second] {
            // A send fails only when every counter is gone, which a panic alone causes.
            let _ = send.send(piece);
        }
        loop {
            match pieces.next() {
                Ok(Some(piece)) => {
                    let _ = send.send(piece);
                }
                Ok(None) => break,
                Err(e) => {
                    read = Err(e);
                    break;
                }
            }
        }
        drop(send);
        let total = counters
            .into_iter()
            .map(|c| c.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .sum();
        read.map(|()| total)
    })
}

/// A piece of an input.
struct Piece {
    text: Vec<u8>,
}

fn count_piece(enc: Encoding, piece: &Piece) -> usize {
    enc.count(&String::from_utf8_lossy(&piece.text))
}

/// Text cut into pieces of about [`PIECE_BYTES`] at line ends, telling `progress` how much is
/// read.
struct Pieces<R, P> {
    reader: BufReader<R>,
    read: u64,
    progress: P,
}

impl<R: Read, P: FnMut(u64)> Pieces<R, P> {
    fn next(&mut self) -> std::io::Result<Option<Piece>> {
        let mut text: Vec<u8> = Vec::with_capacity(PIECE_BYTES + 4096);
        loop {
            let n = self.reader.read_until(b'\n', &mut text)?;
            self.read += n as u64;
            if n == 0 || text.len() >= PIECE_BYTES {
                (self.progress)(self.read);
                return Ok((!text.is_empty()).then_some(Piece { text }));
            }
        }
    }
}

impl std::str::FromStr for Encoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "o200k_base" | "o200k" => Ok(Encoding::O200kBase),
            "cl100k_base" | "cl100k" => Ok(Encoding::Cl100kBase),
            other => Err(format!(
                "unknown encoding {other:?}; use o200k_base or cl100k_base"
            )),
        }
    }
}

/// The elision marker, on its own line.
fn marker(n: usize) -> String {
    format!("[… {n} tokens elided …]\n")
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

/// Context windows of models the OpenAI tables do not cover (open models served by Ollama,
/// vLLM, llama.cpp…), matched by prefix of the lower-cased name after any `org/` part.
const OPEN_MODELS: &[(&str, usize)] = &[
    ("claude", 200_000),
    ("gemini", 1_048_576),
    ("llama3.1", 131_072),
    ("llama3.2", 131_072),
    ("llama3.3", 131_072),
    ("llama-3.1", 131_072),
    ("llama-3.2", 131_072),
    ("llama-3.3", 131_072),
    ("llama-4", 1_000_000),
    ("llama3", 8_192),
    ("qwen3-coder", 262_144),
    ("qwen3", 40_960),
    ("qwen2.5", 32_768),
    ("qwq", 131_072),
    ("deepseek-r1", 131_072),
    ("deepseek-v3", 131_072),
    ("deepseek-coder-v2", 163_840),
    ("deepseek", 65_536),
    ("mistral-large", 131_072),
    ("mistral-small", 131_072),
    ("mistral-nemo", 131_072),
    ("codestral", 262_144),
    ("devstral", 131_072),
    ("mistral", 32_768),
    ("mixtral", 32_768),
    ("phi4", 16_384),
    ("phi-4", 16_384),
    ("phi3", 131_072),
    ("gemma3", 131_072),
    ("gemma2", 8_192),
    ("gpt-oss", 131_072),
    ("kimi-k2", 131_072),
    ("glm-4", 131_072),
];

/// Used when the model is unknown: small enough for most local servers' defaults.
pub(crate) const DEFAULT_CONTEXT_WINDOW: usize = 8_192;

/// The context window of a known model, in tokens.
pub(crate) fn context_window(model: &str) -> Option<usize> {
    let bare = model
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_ascii_lowercase();
    if let Some(n) = tiktoken_rs::model::get_context_size(&bare) {
        return Some(n);
    }
    OPEN_MODELS
        .iter()
        .find(|(prefix, _)| bare.starts_with(prefix))
        .map(|&(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_follows_the_model() {
        assert_eq!(Encoding::for_model("gpt-4o-mini"), Encoding::O200kBase);
        assert_eq!(Encoding::for_model("gpt-4-0613"), Encoding::Cl100kBase);
        assert_eq!(Encoding::for_model("gpt-3.5-turbo"), Encoding::Cl100kBase);
        assert_eq!(Encoding::for_model("qwen2.5-coder:7b"), Encoding::O200kBase);
        assert_eq!("cl100k_base".parse::<Encoding>(), Ok(Encoding::Cl100kBase));
        assert!("p50k".parse::<Encoding>().is_err());
    }

    #[test]
    fn counts_match_tiktoken() {
        // Reference values from Python tiktoken (o200k_base / cl100k_base).
        assert_eq!(Encoding::O200kBase.count("hello world"), 2);
        assert_eq!(Encoding::Cl100kBase.count("hello world"), 2);
        assert_eq!(Encoding::O200kBase.count(""), 0);
        // Special-token text is counted as ordinary text, never rejected.
        assert!(Encoding::O200kBase.count("<|endoftext|>") > 1);
    }

    #[test]
    fn truncation_keeps_head_and_tail_with_a_marker() {
        let text: String = (0..400).map(|i| format!("line {i} of the log\n")).collect();
        let enc = Encoding::O200kBase;
        let total = enc.count(&text);
        let cut = enc.truncate_middle(&text, 200);
        assert!(cut.starts_with("line 0 of the log\n"));
        assert!(cut.ends_with("line 399 of the log\n"));
        assert!(cut.contains("tokens elided …]"));
        let n = enc.count(&cut);
        assert!(n <= 205 && n > 150, "{n} of {total}");
        assert!(matches!(
            enc.truncate_middle("short", 10),
            Cow::Borrowed("short")
        ));
    }

    #[test]
    fn truncation_is_safe_on_multibyte_text_and_tiny_budgets() {
        let text = "ünïcødé 日本語のテキスト ".repeat(300);
        for max in [0, 1, 5, 17, 100] {
            let cut = Encoding::O200kBase.truncate_middle(&text, max);
            assert!(cut.contains("elided"), "{max}");
        }
    }

    #[test]
    fn piecewise_count_is_close_to_whole() {
        let text: String = (0..60_000)
            .map(|i| format!("line {i}: some words here\n"))
            .collect();
        assert!(text.len() > PIECE_BYTES);
        let whole = Encoding::O200kBase.count(&text);
        let mut seen = Vec::new();
        let pieces = count_reader(
            text.as_bytes(),
            Encoding::O200kBase,
            NonZeroUsize::MIN,
            |n| seen.push(n),
        )
        .unwrap();
        assert!(whole.abs_diff(pieces) <= 2, "{whole} vs {pieces}");
        // Progress rises to the whole input.
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last().copied(), Some(text.len() as u64));
        assert_eq!(
            count_reader(&b""[..], Encoding::O200kBase, NonZeroUsize::MIN, |_| {}).unwrap(),
            0
        );
    }

    #[test]
    fn counting_on_several_threads_adds_up_the_same_pieces() {
        let text: String = (0..150_000)
            .map(|i| format!("line {i}: ünïcødé words and more words\n"))
            .collect();
        let mut pieces = Pieces {
            reader: BufReader::new(text.as_bytes()),
            read: 0,
            progress: |_| {},
        };
        let (mut sequential, mut n) = (0, 0);
        while let Some(piece) = pieces.next().unwrap() {
            sequential += count_piece(Encoding::Cl100kBase, &piece);
            n += 1;
        }
        assert!(n > 3, "{n} pieces");
        for threads in [1, 2, 3] {
            let threads = NonZeroUsize::new(threads).unwrap();
            assert_eq!(
                count_reader(text.as_bytes(), Encoding::Cl100kBase, threads, |_| {}).unwrap(),
                sequential
            );
        }
    }

    #[test]
    fn context_windows() {
        assert_eq!(context_window("gpt-4o"), Some(128_000));
        assert_eq!(context_window("openai/gpt-4o-mini"), Some(128_000));
        assert_eq!(context_window("qwen2.5-coder:7b"), Some(32_768));
        assert_eq!(
            context_window("Qwen/Qwen2.5-Coder-32B-Instruct"),
            Some(32_768)
        );
        assert_eq!(context_window("llama3.1:8b"), Some(131_072));
        assert_eq!(context_window("my-finetune"), None);
    }
}
