//! A variant's kind against the vocabulary (retired, malformed, stable, or new with
//! its full classification) and the classification it is emitted with: the
//! vocabulary's, then the type's defaults, then the variant's refinements.

use std::fmt::Write as _;

use syn::LitStr;

use crate::attr::{AgentAttrs, Setting};
use crate::diagnostics::Diagnostics;
use crate::suggest;
use crate::vocabulary::{
    CATCH_ALL, Classification, LogLevel, MALFORMED_KIND_REPLACEMENT, RETIRED_KINDS, RetiredKind,
    STABLE_KINDS, is_well_formed_kind, retired_kind, stable_kind,
};

/// The kind a variant is emitted as, and how.
pub(crate) struct Resolved {
    pub(crate) kind: String,
    pub(crate) classification: Classification,
    pub(crate) guidance: Guidance,
}

/// The guidance of a variant.
pub(crate) enum Guidance {
    /// The project's guidance for the recovery action.
    Family,
    /// The subsystem's own words.
    Custom(String),
}

impl Resolved {
    /// What a variant with a wrong kind stands in as while its errors are reported.
    pub(crate) fn placeholder() -> Self {
        Self {
            kind: MALFORMED_KIND_REPLACEMENT.to_owned(),
            classification: CATCH_ALL,
            guidance: Guidance::Family,
        }
    }
}

/// Checks `kind` and computes the classification of the variant whose attributes
/// are `variant`, under the type's defaults `ty`.
pub(crate) fn resolve(
    cx: &Diagnostics,
    ty: &AgentAttrs,
    variant: &AgentAttrs,
    kind: &Setting<LitStr>,
) -> Option<Resolved> {
    let name = kind.value.value();
    let span = kind.value_span;
    if name.is_empty() {
        cx.error_at(span, "`kind` must not be empty");
        return None;
    }
    if let Some(retired) = retired_kind(&name) {
        let message = format!("kind `{name}` {}", retired_story(retired));
        cx.error_at(span, message);
        return None;
    }
    // `Access-Denied`, `Code_Mode_Timeout`, `CodeModeTimeout`: still retired.
    let snake = snake_case(&name);
    if let Some(retired) = retired_kind(&snake) {
        let message = format!(
            "kind `{name}` is the retired kind `{snake}`, which {}",
            retired_story(retired)
        );
        cx.error_at(span, message);
        return None;
    }
    if !is_well_formed_kind(&name) {
        let mut message = format!("kind `{name}` is malformed: a kind matches `^[a-z][a-z0-9_]*$`");
        if let Some(suggestion) = well_formed_suggestion(&name) {
            write!(message, "; did you mean `{suggestion}`?").ok();
        }
        cx.error_at(span, message);
        return None;
    }
    if let (Some(_), Some(new_kind)) = (stable_kind(&name), &variant.new_kind) {
        let message = format!(
            "`new_kind` is for a kind outside the vocabulary; `{name}` is a stable kind, remove `new_kind`"
        );
        cx.error_at(new_kind.key, message);
        return None;
    }
    match stable_kind(&name) {
        Some(stable) => Some(refine_stable(
            cx,
            ty,
            variant,
            stable.name(),
            stable.classification(),
        )),
        None => new_kind(cx, ty, variant, name, span),
    }
}

/// A stable kind keeps its status and log level; origin, recovery and side effects
/// may be refined.
fn refine_stable(
    cx: &Diagnostics,
    ty: &AgentAttrs,
    variant: &AgentAttrs,
    kind: &str,
    defaults: Classification,
) -> Resolved {
    if let Some(status) = &variant.status {
        let message = format!(
            "`status` is only valid for a new kind; `{kind}` takes status {} from the vocabulary",
            defaults.status
        );
        cx.error_at(status.key, message);
    }
    if let Some(log_level) = &variant.log_level {
        let message = format!(
            "`log_level` is only valid for a new kind; `{kind}` takes log level `{}` from the vocabulary",
            defaults.log_level
        );
        cx.error_at(log_level.key, message);
    }
    let pick = Pick { ty, variant };
    let classification = Classification {
        origin: pick.value(|a| &a.origin).unwrap_or(defaults.origin),
        action: pick.value(|a| &a.action).unwrap_or(defaults.action),
        same_arguments: pick
            .value(|a| &a.same_arguments)
            .unwrap_or(defaults.same_arguments),
        side_effects: pick
            .value(|a| &a.side_effects)
            .unwrap_or(defaults.side_effects),
        status: defaults.status,
        log_level: defaults.log_level,
    };
    Resolved {
        kind: kind.to_owned(),
        classification,
        guidance: pick.guidance(),
    }
}

/// A kind outside the vocabulary: nothing is guessed, every part of the
/// classification must be written, on the variant or as a type default.
fn new_kind(
    cx: &Diagnostics,
    ty: &AgentAttrs,
    variant: &AgentAttrs,
    kind: String,
    span: proc_macro2::Span,
) -> Option<Resolved> {
    let pick = Pick { ty, variant };
    let origin = pick.value(|a| &a.origin);
    let action = pick.value(|a| &a.action);
    let same_arguments = pick.value(|a| &a.same_arguments);
    let guidance = pick.setting(|a| &a.guidance);
    let side_effects = pick.value(|a| &a.side_effects);
    let status = variant.status.as_ref().map(|setting| setting.value);
    let parts = [
        ("origin", "origin = ...", origin.is_some()),
        ("action", "recovery(action = ...)", action.is_some()),
        (
            "same_arguments",
            "recovery(same_arguments = ...)",
            same_arguments.is_some(),
        ),
        (
            "guidance",
            "recovery(guidance = \"...\")",
            guidance.is_some(),
        ),
        ("side_effects", "side_effects = ...", side_effects.is_some()),
        ("status", "status = ...", status.is_some()),
    ];
    // A part written with a wrong value was reported already.
    let missing: Vec<&str> = parts
        .iter()
        .filter(|(key, _, given)| !given && !variant.rejected(key) && !ty.rejected(key))
        .map(|(_, part, _)| *part)
        .collect();
    if let (
        Some(origin),
        Some(action),
        Some(same_arguments),
        Some(guidance),
        Some(side_effects),
        Some(status),
    ) = (
        origin,
        action,
        same_arguments,
        guidance,
        side_effects,
        status,
    ) {
        // Complete, so nothing else says that it may be a typo.
        if variant.new_kind.is_none()
            && let Some(near) = near_existing_kind(&kind)
        {
            let message = format!(
                "kind `{kind}` is not in the vocabulary but is close to {near}\nif `{kind}` is meant as a new kind, say so with `#[agent(new_kind)]` beside `kind`"
            );
            cx.error_at(span, message);
            return None;
        }
        let classification = Classification {
            origin,
            action,
            same_arguments,
            side_effects,
            status,
            log_level: variant
                .log_level
                .as_ref()
                .map_or(LogLevel::Warn, |setting| setting.value),
        };
        return Some(Resolved {
            kind,
            classification,
            guidance: Guidance::Custom(guidance.value.value()),
        });
    }
    if missing.is_empty() {
        return None;
    }
    let stable: Vec<&str> = STABLE_KINDS.iter().map(|stable| stable.name()).collect();
    let mut message = format!("kind `{kind}` is not in the vocabulary");
    if let Some(suggestion) = suggest::closest(&kind, &stable) {
        write!(message, "; did you mean `{suggestion}`?").ok();
    }
    write!(
        message,
        "\na new kind states its full classification; add {}",
        suggest::all_of(&missing)
    )
    .ok();
    cx.error_at(span, message);
    None
}

/// What happened to a retired kind: "was retired with Code Mode's old runtime; use
/// `timeout`".
fn retired_story(retired: &RetiredKind) -> String {
    let mut story = format!("was retired with {}", retired.removed_with.description());
    match retired.replacement {
        Some(replacement) => write!(story, "; use `{replacement}`"),
        None => write!(
            story,
            " and has no replacement; choose a new kind and state its full classification"
        ),
    }
    .ok();
    story
}

/// `name` in snake case: `Access-Denied` and `AccessDenied` are `access_denied`.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    let mut previous: Option<char> = None;
    for c in name.trim().chars() {
        let c = match c {
            '-' | ' ' | '.' => '_',
            c => c,
        };
        if c.is_ascii_uppercase()
            && previous.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit())
        {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
        previous = Some(c);
    }
    snake
}

/// The stable or retired kind a new kind is probably a typo of (`quota_exeeded`,
/// `time_out`, `install_timout`): one or two edits away, within a quarter of its
/// length. Described for the message.
fn near_existing_kind(kind: &str) -> Option<String> {
    let budget = (kind.chars().count() / 4).clamp(1, 2);
    let near = |candidate: &str| strsim::damerau_levenshtein(kind, candidate) <= budget;
    if let Some(stable) = STABLE_KINDS.iter().find(|stable| near(stable.name())) {
        return Some(format!(
            "the stable kind `{}`; did you mean `{}`?",
            stable.name(),
            stable.name()
        ));
    }
    RETIRED_KINDS
        .iter()
        .find(|retired| near(retired.name))
        .map(|retired| {
            format!(
                "the retired kind `{}`, which {}",
                retired.name,
                retired_story(retired)
            )
        })
}

/// For a malformed kind: the stable kind it was probably meant to be, else its
/// snake-case form.
fn well_formed_suggestion(name: &str) -> Option<String> {
    let folded = suggest::fold(name);
    if stable_kind(&folded).is_some() {
        return Some(folded);
    }
    let stable: Vec<&str> = STABLE_KINDS.iter().map(|stable| stable.name()).collect();
    if let Some(closest) = suggest::closest(&folded, &stable) {
        return Some(closest.to_owned());
    }
    (is_well_formed_kind(&folded) && retired_kind(&folded).is_none()).then_some(folded)
}

/// The variant's setting, else the type's default.
struct Pick<'a> {
    ty: &'a AgentAttrs,
    variant: &'a AgentAttrs,
}

impl<'a> Pick<'a> {
    fn setting<T: 'a>(
        &self,
        get: impl Fn(&'a AgentAttrs) -> &'a Option<Setting<T>>,
    ) -> Option<&'a Setting<T>> {
        get(self.variant).as_ref().or_else(|| get(self.ty).as_ref())
    }

    fn value<T: Copy + 'a>(
        &self,
        get: impl Fn(&'a AgentAttrs) -> &'a Option<Setting<T>>,
    ) -> Option<T> {
        self.setting(get).map(|setting| setting.value)
    }

    fn guidance(&self) -> Guidance {
        match self.setting(|a| &a.guidance) {
            Some(guidance) => Guidance::Custom(guidance.value.value()),
            None => Guidance::Family,
        }
    }
}
