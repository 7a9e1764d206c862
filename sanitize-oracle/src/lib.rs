//! What sanitized text must never hold, written independently of the sanitizer:
//! error-core's property and differential tests and the fuzz target (outside the
//! workspace) check their outputs with it. A crate of its own so that each of them
//! depends on it rather than reading a file outside its package.

/// Markers matched ignoring case, inner spaces and compatibility forms.
const LOOSE_MARKERS: &[&str] = &[
    "<system>",
    "</system>",
    "[inst]",
    "[/inst]",
    "<<sys>>",
    "<</sys>>",
    "[system_prompt]",
    "[/system_prompt]",
    "[tool_calls]",
    "[available_tools]",
    "[/available_tools]",
    "[tool_results]",
    "[/tool_results]",
    "<start_of_turn>",
    "<end_of_turn>",
];

/// Markers matched as the tokenizers spell them.
const EXACT_MARKERS: &[&str] = &["<s>", "</s>", "<bos>", "<eos>"];

/// The role words of Alpaca headings (`### Instruction`).
pub const ALPACA_ROLES: &[&str] = &[
    "instruction",
    "input",
    "response",
    "system",
    "user",
    "assistant",
    "human",
    "context",
];

/// A character as NFKC and lowercasing fold it, where that is ASCII; `None` for the
/// rest.
fn folded(character: char) -> Option<char> {
    let code = character as u32;
    let ascii = match code {
        0..=0x7F => code,
        0x3000 => 0x20,
        0xFF01..=0xFF5E => code - 0xFEE0,
        0xFE5F => '#' as u32,
        0xFE64 => '<' as u32,
        0xFE65 => '>' as u32,
        0x2581 => '_' as u32,
        0x1D400..=0x1D6A3 => {
            let index = (code - 0x1D400) % 52;
            'a' as u32 + index % 26
        }
        0x1D7CE..=0x1D7FF => '0' as u32 + (code - 0x1D7CE) % 10,
        _ => return None,
    };
    char::from_u32(ascii).map(|c| c.to_ascii_lowercase())
}

/// Inner spaces a marker may hold in all, as the sanitizer documents.
const MAX_INNER_SPACES: usize = 8;

/// Whether `pattern` starts at `chars[start]`, allowing up to eight spaces inside.
fn loose_match(chars: &[Option<char>], start: usize, pattern: &str) -> Option<usize> {
    loose_match_spending(chars, start, pattern, &mut 0)
}

/// [`loose_match`], with the inner spaces counted on from `spaces` (a marker that
/// is matched in parts spends one allowance).
fn loose_match_spending(
    chars: &[Option<char>],
    start: usize,
    pattern: &str,
    spaces: &mut usize,
) -> Option<usize> {
    let mut at = start;
    for (index, wanted) in pattern.chars().enumerate() {
        if index > 0 {
            while matches!(chars.get(at), Some(Some(' ' | '\t'))) && *spaces < MAX_INNER_SPACES {
                at += 1;
                *spaces += 1;
            }
        }
        if *chars.get(at)? != Some(wanted) {
            return None;
        }
        at += 1;
    }
    Some(at)
}

/// A `<|name|>` special token starting at `chars[start]`.
fn special_token_at(chars: &[Option<char>], start: usize) -> bool {
    let mut spaces = 0;
    let Some(mut at) = loose_match_spending(chars, start, "<|", &mut spaces) else {
        return false;
    };
    let mut name = 0;
    loop {
        match chars.get(at) {
            Some(Some(' ' | '\t')) if spaces < MAX_INNER_SPACES => spaces += 1,
            Some(Some(c)) if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.') => name += 1,
            _ => break,
        }
        at += 1;
    }
    // The spaces between the name and `|>` count too: `|` and `>` are one pattern.
    let mut closing = at;
    while matches!(chars.get(closing), Some(Some(' ' | '\t'))) && spaces < MAX_INNER_SPACES {
        closing += 1;
        spaces += 1;
    }
    (1..=128).contains(&name) && loose_match_spending(chars, closing, "|>", &mut spaces).is_some()
}

/// The first marker left in `text`, if any.
pub fn marker_left(text: &str) -> Option<String> {
    let chars: Vec<Option<char>> = text.chars().map(folded).collect();
    for start in 0..chars.len() {
        for marker in LOOSE_MARKERS {
            if loose_match(&chars, start, marker).is_some() {
                return Some((*marker).to_owned());
            }
        }
        if special_token_at(&chars, start) {
            return Some("<|name|>".to_owned());
        }
        if let Some(after) = loose_match(&chars, start, "###") {
            let rest: String = chars[after..]
                .iter()
                .map(|c| c.unwrap_or('\u{FFFD}'))
                .collect();
            let word = rest.trim_start_matches([' ', '\t']);
            let word_len = word.chars().take_while(char::is_ascii_alphanumeric).count();
            if rest.len() - word.len() <= 8 && ALPACA_ROLES.contains(&&word[..word_len]) {
                return Some(format!("### {}", &word[..word_len]));
            }
        }
    }
    if let Some(marker) = EXACT_MARKERS.iter().find(|marker| text.contains(*marker)) {
        return Some((*marker).to_owned());
    }
    text.split('\n').find_map(|line| {
        let line = line.trim_start_matches([' ', '\t']).to_ascii_lowercase();
        ["human", "assistant"]
            .iter()
            .find(|role| {
                // `Human::Resources` is a path.
                line.strip_prefix(**role).is_some_and(|rest| {
                    // A name, or the redaction of one (`Human::[REDACTED]`).
                    let path = rest.strip_prefix("::").is_some_and(|name| {
                        name.starts_with("[redacted]")
                            || name
                                .chars()
                                .next()
                                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    });
                    (rest.starts_with(':') && !path) || rest.starts_with('：')
                })
            })
            .map(|role| format!("{role}:"))
    })
}

/// Characters that are never left: controls (but `\n` and the tab in multi-line
/// text), bidirectional controls, invisible and format characters.
fn always_forbidden(character: char, multi_line: bool) -> bool {
    let allowed_control = multi_line && matches!(character, '\n' | '\t');
    (character.is_control() && !allowed_control)
        || matches!(
            character,
            '\u{AD}'
                | '\u{200B}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FE00}'..='\u{FE0D}'
                | '\u{FEFF}'
                | '\u{E0000}'..='\u{E0FFF}'
                | '\u{600}'..='\u{605}'
                | '\u{6DD}'
                | '\u{70F}'
                | '\u{8E2}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
        )
}

/// The first character left that must not be: the ones always removed, a joiner
/// that is not between two characters outside ASCII, and a presentation selector
/// that does not follow a symbol nor stand in a keycap (`1️⃣`).
pub fn forbidden_left(text: &str, multi_line: bool) -> Option<char> {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().find_map(|(index, &character)| {
        let before = index.checked_sub(1).map(|before| chars[before]);
        let after = chars.get(index + 1).copied();
        let forbidden = match character {
            '\u{200C}' | '\u{200D}' => {
                !(before.is_some_and(|c| !c.is_ascii()) && after.is_some_and(|c| !c.is_ascii()))
            }
            '\u{FE0E}' | '\u{FE0F}' => !before.is_some_and(|c| {
                matches!(c, '\u{A9}' | '\u{AE}' | '\u{203C}'..='\u{3299}' | '\u{1F000}'..='\u{1FAFF}')
                    || (matches!(c, '0'..='9' | '#' | '*') && after == Some('\u{20E3}'))
            }),
            _ => always_forbidden(character, multi_line),
        };
        forbidden.then_some(character)
    })
}
