//! Typed `u32` ids into the module's arenas.

/// Declares a typed arena index.
macro_rules! entity_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub struct $name(pub u32);

        impl $name {
            /// The arena index of this id.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of arena entry `index` (`None` when it does not fit in `u32`, or is
            /// `u32::MAX`, which [`crate::PackedOption`] keeps for "none").
            #[inline]
            pub fn from_index(index: usize) -> Option<Self> {
                u32::try_from(index).ok().filter(|&i| i != u32::MAX).map($name)
            }
        }

        impl crate::arena::Packable for $name {
            #[inline]
            fn reserved(_: crate::arena::Seal) -> Self {
                $name(u32::MAX)
            }
        }

        impl crate::arena::EntityId for $name {
            #[inline]
            fn from_index(index: usize) -> Option<Self> {
                $name::from_index(index)
            }

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
    "type"
);
entity_id!(
    /// A global variable: index into [`crate::Module::globals`].
    Global,
    "global"
);
entity_id!(
    /// A function: index into [`crate::Module::functions`].
    Function,
    "function"
);
entity_id!(
    /// An alias: index into [`crate::Module::aliases`].
    Alias,
    "alias"
);
entity_id!(
    /// A constant: index into [`crate::Module::constants`] (module and function constants share
    /// the arena; each constants block is a contiguous run in it).
    Const,
    "const"
);
entity_id!(
    /// A metadata item: index into [`crate::Module::metadata`]. Module-level metadata come
    /// first, so for them the index equals the bitcode metadata id.
    Metadata,
    "!"
);
entity_id!(
    /// A basic block of one function body: index into [`crate::Body::blocks`] (the bitcode
    /// block number; blocks are laid out in this order).
    Block,
    "bb"
);
entity_id!(
    /// An instruction of one function body: index into [`crate::Body::insts`] (the order the
    /// instructions were read, i.e. program order).
    Inst,
    "inst"
);
entity_id!(
    /// A function argument: its position in the parameter list.
    Arg,
    "arg"
);
