//! Typed `u32` ids into the module's arenas; the number inside is private to this crate (see
//! the crate documentation, "Ids").

use crate::check::{IdError, IdSite, IdSpace};

/// Declares a typed arena index.
macro_rules! entity_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal, $space:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub struct $name(pub(crate) u32);

        impl $name {
            /// The arena index of this id.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The index as the `u32` it is stored in (what the bitcode writes).
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }

            /// The id numbered `raw` in an input whose arena will hold `bound` entries (a
            /// declared count, or the entries read so far): for a reader that meets a
            /// reference before the entry it names. The error names the arena and the number;
            /// its site is [`IdSite::Input`], for the reader to say where. `u32::MAX` names
            /// nothing ([`crate::PackedOption`] keeps it for "none").
            pub fn checked(raw: u64, bound: usize) -> Result<Self, IdError> {
                match u32::try_from(raw) {
                    Ok(i) if (i as usize) < bound && i != u32::MAX => Ok($name(i)),
                    _ => Err(IdError {
                        space: IdSpace::$space,
                        id: raw,
                        site: IdSite::Input,
                    }),
                }
            }

            /// The id of entry `index` (`None` when it does not fit in `u32`, or is
            /// `u32::MAX`, which [`crate::PackedOption`] keeps for "none").
            #[inline]
            pub(crate) fn from_index(index: usize) -> Option<Self> {
                u32::try_from(index).ok().filter(|&i| i != u32::MAX).map($name)
            }
        }

        impl crate::arena::Packable for $name {
            #[inline]
            fn reserved(_: crate::arena::Seal) -> Self {
                $name(u32::MAX)
            }
        }

        impl crate::arena::sealed::Sealed for $name {
            #[inline]
            fn from_index(index: usize) -> Option<Self> {
                $name::from_index(index)
            }
        }

        impl crate::arena::EntityId for $name {
            #[inline]
            fn index(self) -> usize {
                $name::index(self)
            }
        }

        impl<T> core::ops::Index<$name> for crate::arena::Arena<$name, T> {
            type Output = T;

            #[inline]
            fn index(&self, id: $name) -> &T {
                &self.as_slice()[id.index()]
            }
        }

        impl<T> core::ops::IndexMut<$name> for crate::arena::Arena<$name, T> {
            #[inline]
            fn index_mut(&mut self, id: $name) -> &mut T {
                &mut self.as_mut_slice()[id.index()]
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity_id!(
    /// A type: index into [`crate::Module::types`] (the TYPE_BLOCK order; the bitcode type id).
    Type,
    "type",
    Type
);
entity_id!(
    /// A global variable: index into [`crate::Module::globals`].
    Global,
    "global",
    Global
);
entity_id!(
    /// A function: index into [`crate::Module::functions`].
    Function,
    "function",
    Function
);
entity_id!(
    /// An alias: index into [`crate::Module::aliases`].
    Alias,
    "alias",
    Alias
);
entity_id!(
    /// A constant: index into [`crate::Module::constants`] (module and function constants share
    /// the arena; each constants block is a contiguous run in it).
    Const,
    "const",
    Const
);
entity_id!(
    /// A metadata item: index into [`crate::Module::metadata`]. Module-level metadata come
    /// first, so for them the index equals the bitcode metadata id.
    Metadata,
    "!",
    Metadata
);
entity_id!(
    /// A basic block of one function body: index into [`crate::Body::blocks`] (the bitcode
    /// block number; blocks are laid out in this order).
    Block,
    "bb",
    Block
);
entity_id!(
    /// An instruction of one function body: index into [`crate::Body::insts`] (the order the
    /// instructions were read, i.e. program order).
    Inst,
    "inst",
    Inst
);
entity_id!(
    /// A function argument: its position in the parameter list.
    Arg,
    "arg",
    Arg
);
