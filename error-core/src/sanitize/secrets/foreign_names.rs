//! The word for a password in other languages, as translated messages and
//! configuration write a key with it: `Passwort: ...`, `Kennwort=...`,
//! `mot de passe : ...`, `contraseña: ...`, `пароль: ...`, `密码: ...`; and, in
//! scripts outside ASCII, the words for a token and a secret key (`令牌：...`,
//! `API密钥：...`, `トークン: ...`, `токен: ...`).
//!
//! `names` asks here only about keys that end like one of these words or with
//! letters outside ASCII, which the key rules, reading names of ASCII letters,
//! find here whole.

/// A word for a password, and whether it also ends a longer word: German, Dutch
/// and the Scandinavian languages glue a compound's words together
/// (`Benutzerkennwort`, `databasepassord`), the others would give false matches.
/// Spanish's `clave` is a key as often as a password, and is left out.
struct PasswordWord {
    word: &'static [u8],
    ends_compounds: bool,
    /// The word's last four letters (see [`ending_of`]).
    ending: u32,
}

const fn word(word: &'static [u8], ends_compounds: bool) -> PasswordWord {
    let Some(&ending) = word.last_chunk::<4>() else {
        panic!("words are four letters or longer");
    };
    PasswordWord {
        word,
        ends_compounds,
        ending: ending_of(ending),
    }
}

/// The last four letters of a word or key as one number, lowercase where they
/// are capitals: most keys that end like a word (`port`, `pool`) are turned away
/// on it.
const fn ending_of(letters: [u8; 4]) -> u32 {
    u32::from_le_bytes([
        letters[0].to_ascii_lowercase(),
        letters[1].to_ascii_lowercase(),
        letters[2].to_ascii_lowercase(),
        letters[3].to_ascii_lowercase(),
    ])
}

/// French's word, written with spaces.
const MOT_DE_PASSE: PasswordWord = word(b"mot de passe", false);

/// Words in ASCII letters, compared ignoring ASCII case. A space, `_` or `-`
/// joins the words of French's `mot de passe`.
const ASCII_WORDS: [PasswordWord; 18] = [
    word(b"passwort", true),
    word(b"kennwort", true),
    word(b"wachtwoord", true),
    word(b"passord", true),
    word(b"losenord", true),
    MOT_DE_PASSE,
    word(b"mot_de_passe", false),
    word(b"mot-de-passe", false),
    word(b"motdepasse", false),
    word(b"senha", false),
    word(b"contrasena", false),
    word(b"haslo", false),
    word(b"jelszo", false),
    word(b"salasana", false),
    word(b"heslo", false),
    word(b"sifre", false),
    word(b"lozinka", false),
    word(b"parool", false),
];

/// Words with letters outside ASCII, in each case they are written in: compared
/// byte for byte, and wherever they end a key (no script here spaces the words
/// of a compound the way English does). After the words for a password, those
/// for a token and a secret key (Chinese `令牌`, `密钥`, `私钥`, `口令`;
/// Japanese `トークン`, `秘密鍵`; Korean `토큰`; Russian `токен`). A word for a
/// key alone (`ключ`, `キー`) names records and locks as often, and is left out.
const UNICODE_WORDS: [&str; 37] = [
    "contraseña",
    "Contraseña",
    "CONTRASEÑA",
    "lösenord",
    "Lösenord",
    "LÖSENORD",
    "hasło",
    "Hasło",
    "HASŁO",
    "jelszó",
    "Jelszó",
    "JELSZÓ",
    "şifre",
    "Şifre",
    "ŞİFRE",
    "ŞIFRE",
    "пароль",
    "Пароль",
    "ПАРОЛЬ",
    "パスワード",
    "密码",
    "密碼",
    "비밀번호",
    "סיסמה",
    "पासवर्ड",
    "令牌",
    "密钥",
    "密鑰",
    "秘钥",
    "私钥",
    "口令",
    "トークン",
    "秘密鍵",
    "토큰",
    "токен",
    "Токен",
    "ТОКЕН",
];

/// The longest run of ASCII letters that ends a word of [`UNICODE_WORDS`] (the
/// `senord` of `lösenord`).
const MAX_ASCII_TAIL: usize = 6;

/// Whether `key` ends with a word for a password, in ASCII letters or not. The
/// caller has seen that the key's last three letters are those of an ASCII word,
/// or that one of them is outside ASCII.
pub(super) fn ends_with_password_word(key: &[u8]) -> bool {
    let tail = &key[key.len().saturating_sub(MAX_ASCII_TAIL + 1)..];
    (!tail.is_ascii() && unicode_word_before(key).is_some())
        || key.last_chunk::<4>().is_some_and(|&letters| {
            let ending = ending_of(letters);
            ASCII_WORDS
                .iter()
                .any(|word| word.ending == ending && ends_with_ascii_word(key, word))
        })
}

/// Whether `name` is a word for a password, whole (`mot de passe`, `Passwort`).
pub(super) fn is_password_word(name: &[u8]) -> bool {
    // Every word of `UNICODE_WORDS` holds a byte outside ASCII.
    (!name.is_ascii() && UNICODE_WORDS.iter().any(|word| word.as_bytes() == name))
        || ASCII_WORDS
            .iter()
            .any(|word| word.word.eq_ignore_ascii_case(name))
}

/// The word for a password that `quoted` (a key and what stands before it) ends
/// with, where the key rules' name of ASCII letters, `ascii_name`, holds only its
/// end: after letters outside ASCII (`пароль`, the `senord` of `lösenord`) or a
/// space (the `passe` of `mot de passe`).
pub(super) fn password_word_before<'q>(quoted: &'q [u8], ascii_name: &[u8]) -> Option<&'q [u8]> {
    let before_name = &quoted[..quoted.len() - ascii_name.len()];
    match before_name.last() {
        Some(byte) if !byte.is_ascii() => unicode_word_before(quoted),
        Some(b' ') if ascii_name.eq_ignore_ascii_case(b"passe") => {
            ends_with_ascii_word(quoted, &MOT_DE_PASSE)
                .then(|| &quoted[quoted.len() - MOT_DE_PASSE.word.len()..])
        }
        _ => None,
    }
}

/// The word with letters outside ASCII that `key` ends with, if any.
fn unicode_word_before(key: &[u8]) -> Option<&[u8]> {
    UNICODE_WORDS
        .iter()
        .find(|word| key.ends_with(word.as_bytes()))
        .map(|word| &key[key.len() - word.len()..])
}

fn ends_with_ascii_word(key: &[u8], word: &PasswordWord) -> bool {
    let len = word.word.len();
    key.len() >= len
        && key[key.len() - len..].eq_ignore_ascii_case(word.word)
        && (word.ends_compounds
            || key
                .len()
                .checked_sub(len + 1)
                .is_none_or(|before| !key[before].is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::{ends_with_password_word, password_word_before};

    #[test]
    fn the_word_for_a_password_in_other_languages() {
        for key in [
            "Passwort",
            "DB_PASSWORT",
            "Benutzerkennwort",
            "wachtwoord",
            "mot de passe",
            "Mot de passe",
            "mot_de_passe",
            "senha",
            "jelszo",
            "ŞIFRE",
            "salasana",
            "hasło",
            "Lösenord",
            "пароль",
            "Пароль",
            "パスワード",
            "密码",
            "登录密码",
            "비밀번호",
        ] {
            assert!(ends_with_password_word(key.as_bytes()), "{key}");
        }
        for key in [
            "autoclave",
            "report",
            "sort",
            "passe",
            "banana",
            "pool",
            "x",
            "",
        ] {
            assert!(!ends_with_password_word(key.as_bytes()), "{key}");
        }
        // `names` turns keys away on their last three letters before asking here.
        for word in super::ASCII_WORDS.iter().map(|word| word.word) {
            assert!(super::super::names::has_secret_ending(word), "{word:?}");
        }
        for word in super::UNICODE_WORDS {
            assert!(
                super::super::names::has_secret_ending(word.as_bytes()),
                "{word}"
            );
            assert!(
                super::super::names::is_secret_name(word.as_bytes()),
                "{word}"
            );
        }
    }

    #[test]
    fn a_name_with_a_space_or_letters_outside_ascii_is_read_whole() {
        let word = |quoted: &str, ascii_name: &str| {
            password_word_before(quoted.as_bytes(), ascii_name.as_bytes()).map(<[u8]>::to_vec)
        };
        assert_eq!(
            word("échec, mot de passe", "passe"),
            Some(b"mot de passe".to_vec())
        );
        assert_eq!(
            word("неверный пароль", ""),
            Some("пароль".as_bytes().to_vec())
        );
        assert_eq!(
            word("fel lösenord", "senord"),
            Some("lösenord".as_bytes().to_vec())
        );
        assert_eq!(
            word("错误：登录失败，密码", ""),
            Some("密码".as_bytes().to_vec())
        );
        assert_eq!(word("the password", "password"), None);
        assert_eq!(word("one passe", "passe"), None);
    }
}
