//! The trait every error type that reaches an agent implements, usually through
//! `#[derive(AgentError)]`.

use crate::envelope::Envelope;
use crate::recovery::Recovery;
use crate::vocabulary::{CATCH_ALL_KIND, Classification, Origin, SideEffects, retired_kind};

/// An error that knows its place in the contract and can become an [`Envelope`].
///
/// Derive it with `#[derive(AgentError)]`; the derive checks every kind against the
/// vocabulary at compile time and bakes the classification in, so the methods do no
/// classification work at run time. The provided methods build the envelope; a
/// derived implementation overrides them with direct answers.
///
/// `Box<E>` and `Box<dyn AgentError>` (with `+ Send` and `+ Send + Sync`) are
/// `AgentError`s too, so either can be the field of a transparent variant.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an `AgentError`",
    label = "not an `AgentError`",
    note = "derive it with `#[derive(AgentError)]`; for a foreign error (`std::io::Error`, `Box<dyn Error>`), use a variant with a `kind` and mark the error `#[agent(cause)]` or `#[source]` instead of `transparent`"
)]
pub trait AgentError {
    /// The envelope for this error.
    fn envelope(&self) -> Envelope;

    /// The kind this error is emitted as.
    fn kind(&self) -> &str;

    /// Where the failure arose.
    fn origin(&self) -> Origin {
        self.envelope().origin()
    }

    /// The recovery advice.
    fn recovery(&self) -> Recovery {
        self.envelope().recovery().clone()
    }

    /// Whether the failed call may already have changed something.
    fn side_effects(&self) -> SideEffects {
        self.envelope().side_effects()
    }

    /// The HTTP status.
    fn status(&self) -> http::StatusCode {
        self.envelope().status()
    }

    /// Every kind this type can emit with its classification, for catalogs, docs and
    /// agent prompts. A transparent variant contributes its inner type's kinds; a
    /// variant whose kind arrives at run time contributes none.
    fn kind_catalog() -> Vec<CatalogEntry>
    where
        Self: Sized;
}

/// One kind a type can emit, with the classification and guidance it is emitted with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogEntry {
    /// The kind.
    pub kind: &'static str,
    /// Its classification (possibly refined by the type).
    pub classification: Classification,
    /// The guidance it is emitted with.
    pub guidance: &'static str,
}

/// The methods of a box, each asking the boxed error.
macro_rules! forward_to_the_boxed_error {
    () => {
        fn envelope(&self) -> Envelope {
            (**self).envelope()
        }

        fn kind(&self) -> &str {
            (**self).kind()
        }

        fn origin(&self) -> Origin {
            (**self).origin()
        }

        fn recovery(&self) -> Recovery {
            (**self).recovery()
        }

        fn side_effects(&self) -> SideEffects {
            (**self).side_effects()
        }

        fn status(&self) -> http::StatusCode {
            (**self).status()
        }
    };
}

// Not offered as a way out in diagnostics: for `Box<dyn Error>` it would add
// rustc's "size cannot be known" beside the one error that says what to do.
#[diagnostic::do_not_recommend]
impl<E: AgentError> AgentError for Box<E> {
    forward_to_the_boxed_error!();

    fn kind_catalog() -> Vec<CatalogEntry> {
        E::kind_catalog()
    }
}

/// A boxed trait object, for errors whose type is only known at run time; its kinds
/// are too, so its catalog is empty.
macro_rules! impl_for_boxed_trait_object {
    ($($object:ty),+) => {$(
        impl AgentError for Box<$object> {
            forward_to_the_boxed_error!();

            fn kind_catalog() -> Vec<CatalogEntry> {
                Vec::new()
            }
        }
    )+};
}

impl_for_boxed_trait_object!(
    dyn AgentError,
    dyn AgentError + Send,
    dyn AgentError + Send + Sync
);

/// An envelope that arrived from elsewhere is passed on through
/// [`Envelope::from_untrusted`]: a retired kind is replaced and every text sanitized;
/// an envelope this library built comes out unchanged.
impl AgentError for Envelope {
    fn envelope(&self) -> Envelope {
        Envelope::from_untrusted(self.clone())
    }

    fn kind(&self) -> &str {
        match retired_kind(Envelope::kind(self)) {
            Some(retired) => retired.replacement.unwrap_or(CATCH_ALL_KIND),
            None => Envelope::kind(self),
        }
    }

    fn kind_catalog() -> Vec<CatalogEntry> {
        Vec::new()
    }
}
