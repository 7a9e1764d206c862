//! Rules across levels: every variant has a kind or is `transparent` over one field,
//! `transparent` takes nothing else, and each field attribute gets what it needs (a
//! context member, a free additive name, a duration type on a `retry_later` kind).
//! The result is a [`Plan`] per variant, which [`crate::expand`] turns into code.

use crate::ast::{Field, Input, Variant};
use crate::attr::Setting;
use crate::classify::{self, Resolved};
use crate::diagnostics::Diagnostics;
use crate::message::{self, Message};
use crate::suggest;
use crate::vocabulary::{
    ContextMember, OBJECT_CONTEXT_MEMBERS, REQUIRED_MEMBERS, RecoveryAction, is_well_formed_kind,
};

/// What the generated code does for one variant.
pub(crate) enum Plan<'a> {
    /// Everything comes from the single field's own `AgentError`.
    Transparent(&'a Field<'a>),
    /// A kind with its classification, checked at compile time.
    Classified(Classified<'a>),
}

/// A variant with its own kind.
pub(crate) struct Classified<'a> {
    pub(crate) resolved: Resolved,
    pub(crate) message: Message,
    /// What each annotated field contributes, in field order.
    pub(crate) roles: Vec<(Role, &'a Field<'a>)>,
}

/// What a field contributes to the envelope.
pub(crate) enum Role {
    /// A text context member (`context`, `cause`).
    Context(ContextMember),
    /// An additive member.
    Extra(String),
    /// `recovery.retry_after_ms`.
    RetryAfterMs,
}

/// The plan of every variant of `input`, in order. Mistakes are reported to `cx`;
/// a variant with mistakes still gets a plan, which is never expanded.
pub(crate) fn check<'a>(cx: &Diagnostics, input: &'a Input<'a>) -> Vec<Plan<'a>> {
    let noun = if input.is_struct { "struct" } else { "variant" };
    let plans: Vec<Plan> = input
        .variants
        .iter()
        .map(|variant| plan(cx, input, variant, noun))
        .collect();
    check_type_settings(cx, input, &plans);
    plans
}

/// The type's `service` and defaults apply to the variants with a kind of their
/// own: a transparent variant passes its inner envelope through unchanged, inner
/// `service` included (the subsystem that failed is the one to name). What would
/// be ignored is an error, and so is a `service` that a field would overwrite.
fn check_type_settings(cx: &Diagnostics, input: &Input, plans: &[Plan]) {
    let classified = plans.iter().any(|plan| matches!(plan, Plan::Classified(_)));
    if !classified && !plans.is_empty() {
        let attrs = &input.attrs;
        let settings = [
            ("service", attrs.service.as_ref().map(|s| s.key)),
            ("origin", attrs.origin.as_ref().map(|s| s.key)),
            ("recovery", attrs.recovery),
            ("side_effects", attrs.side_effects.as_ref().map(|s| s.key)),
        ];
        let every = if input.is_struct {
            "the struct is transparent"
        } else {
            "every variant is transparent"
        };
        for (key, span) in settings {
            if let Some(span) = span {
                let message = format!(
                    "`{key}` would be ignored: {every} and passes the inner error's envelope through unchanged, its `{key}` included; remove it"
                );
                cx.error_at(span, message);
            }
        }
    }
    if input.attrs.service.is_none() {
        return;
    }
    for plan in plans {
        let Plan::Classified(classified) = plan else {
            continue;
        };
        for (role, field) in &classified.roles {
            if let (Role::Context(ContextMember::Service), Some(context)) =
                (role, &field.attrs.context)
            {
                let message = "context member `service` is already set by the type's `#[agent(service = \"...\")]`; remove one of them";
                cx.error_at(context.value_span, message);
            }
        }
    }
}

fn plan<'a>(
    cx: &Diagnostics,
    input: &'a Input<'a>,
    variant: &'a Variant<'a>,
    noun: &str,
) -> Plan<'a> {
    if let Some(transparent) = &variant.attrs.transparent {
        return transparent_plan(cx, variant, transparent, noun);
    }
    let resolved = match &variant.attrs.kind {
        Some(kind) => classify::resolve(cx, &input.attrs, &variant.attrs, kind),
        None if variant.attrs.rejected("kind") || variant.attrs.rejected("transparent") => None,
        None => {
            let message = "missing `kind`: add `#[agent(kind = \"...\")]`, or `#[agent(transparent)]` to pass a single field's envelope through";
            cx.error_at(variant.ident.span(), message);
            None
        }
    };
    let roles = field_roles(cx, &variant.fields);
    if let Some(resolved) = &resolved {
        check_retry_after(cx, resolved, &roles);
    }
    Plan::Classified(Classified {
        resolved: resolved.unwrap_or_else(Resolved::placeholder),
        message: message::parse(cx, variant.attrs.message.as_ref(), &variant.fields),
        roles,
    })
}

fn transparent_plan<'a>(
    cx: &Diagnostics,
    variant: &'a Variant<'a>,
    transparent: &Setting<()>,
    noun: &str,
) -> Plan<'a> {
    let conflicts = variant.attrs.variant_keys().into_iter().chain(
        variant
            .fields
            .iter()
            .flat_map(|field| field.attrs.field_keys()),
    );
    for (key, span) in conflicts {
        let message = format!(
            "`{key}` cannot be combined with `transparent`; a transparent {noun} passes the inner error's envelope through unchanged"
        );
        cx.error_at(span, message);
    }
    match variant.fields.as_slice() {
        [field] => Plan::Transparent(field),
        fields => {
            let count = match fields.len() {
                0 => "none".to_owned(),
                n => n.to_string(),
            };
            let message = format!("`transparent` needs exactly one field; this {noun} has {count}");
            cx.error_at(transparent.key, message);
            Plan::Classified(Classified {
                resolved: Resolved::placeholder(),
                message: Message::Display,
                roles: Vec::new(),
            })
        }
    }
}

/// The roles of the annotated fields, each checked.
fn field_roles<'a>(cx: &Diagnostics, fields: &'a [Field<'a>]) -> Vec<(Role, &'a Field<'a>)> {
    let mut roles: Vec<(Role, &Field)> = Vec::new();
    for field in fields {
        let attrs = &field.attrs;
        if let Some(context) = &attrs.context
            && let Some(member) = context_member(cx, field, context)
        {
            push_context(cx, &mut roles, member, context.value_span, field);
        }
        if let Some(cause) = &attrs.cause {
            push_context(cx, &mut roles, ContextMember::Cause, cause.key, field);
        }
        if let Some(extra) = &attrs.extra
            && let Some(name) = extra_name(cx, field, extra)
        {
            if roles
                .iter()
                .any(|(role, _)| matches!(role, Role::Extra(seen) if *seen == name))
            {
                cx.error_at(
                    extra.value_span,
                    format!("extra `{name}` is already set by another field"),
                );
            } else {
                roles.push((Role::Extra(name), field));
            }
        }
        // The field's type is checked by the `RetryAfterMs` trait, so that an alias
        // (`type Millis = u64`) is accepted.
        if let Some(retry) = &attrs.retry_after_ms {
            if roles
                .iter()
                .any(|(role, _)| matches!(role, Role::RetryAfterMs))
            {
                let message = "`retry_after_ms` is already set by another field of this variant";
                cx.error_at(retry.key, message);
            } else {
                roles.push((Role::RetryAfterMs, field));
            }
        }
    }
    roles
}

fn push_context<'a>(
    cx: &Diagnostics,
    roles: &mut Vec<(Role, &'a Field<'a>)>,
    member: ContextMember,
    span: proc_macro2::Span,
    field: &'a Field<'a>,
) {
    if roles
        .iter()
        .any(|(role, _)| matches!(role, Role::Context(seen) if *seen == member))
    {
        cx.error_at(
            span,
            format!("context member `{member}` is already set by another field"),
        );
    } else {
        roles.push((Role::Context(member), field));
    }
}

/// `context = "tool"`, or `context` on a field named after a member.
fn context_member(
    cx: &Diagnostics,
    field: &Field,
    setting: &Setting<Option<syn::LitStr>>,
) -> Option<ContextMember> {
    let name = written_or_field_name(cx, field, setting, "context = \"tool\"")?;
    let member = ContextMember::from_name(&name);
    if member.is_none() {
        let mut message = suggest::unknown(ContextMember::FIELD, &name, ContextMember::NAMES);
        if setting.value.is_none() {
            message.push_str("\n`context` alone uses the field's name; write `context = \"tool\"` to name the member");
        }
        cx.error_at(setting.value_span, message);
    }
    member
}

/// `extra = "name"`, or `extra` on a named field: a well-formed name that the
/// contract's own members do not take.
fn extra_name(
    cx: &Diagnostics,
    field: &Field,
    setting: &Setting<Option<syn::LitStr>>,
) -> Option<String> {
    let name = written_or_field_name(cx, field, setting, "extra = \"name\"")?;
    let span = setting.value_span;
    let problem = if !is_well_formed_kind(&name) {
        format!("extra name `{name}` is malformed: a member name matches `^[a-z][a-z0-9_]*$`")
    } else if ContextMember::from_name(&name).is_some() {
        format!("`{name}` is a context member of the envelope; use `context` instead of `extra`")
    } else if REQUIRED_MEMBERS.contains(&name.as_str()) {
        format!(
            "extra `{name}` would be hidden by the envelope's required member `{name}`; choose another name"
        )
    } else if OBJECT_CONTEXT_MEMBERS.contains(&name.as_str()) {
        format!(
            "extra `{name}` would be hidden by the envelope's `{name}` member; choose another name"
        )
    } else {
        return Some(name);
    };
    cx.error_at(span, problem);
    None
}

fn written_or_field_name(
    cx: &Diagnostics,
    field: &Field,
    setting: &Setting<Option<syn::LitStr>>,
    example: &str,
) -> Option<String> {
    match (&setting.value, field.name()) {
        (Some(written), _) => Some(written.value()),
        (None, Some(name)) => Some(name),
        (None, None) => {
            cx.error_at(
                setting.key,
                format!("a tuple field names its member: `{example}`"),
            );
            None
        }
    }
}

/// `retry_after_ms` only makes sense when the caller is told to wait.
fn check_retry_after(cx: &Diagnostics, resolved: &Resolved, roles: &[(Role, &Field)]) {
    let action = resolved.classification.action;
    if action == RecoveryAction::RetryLater {
        return;
    }
    for (role, field) in roles {
        if let (Role::RetryAfterMs, Some(setting)) = (role, &field.attrs.retry_after_ms) {
            let message = format!(
                "`retry_after_ms` needs a kind whose recovery action is `retry_later`; `{}` recovers with `{action}`",
                resolved.kind
            );
            cx.error_at(setting.key, message);
        }
    }
}
