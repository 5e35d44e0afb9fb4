//! The debug-info records, described once (BitCodeFormat "METADATA_BLOCK Contents"; LangRef
//! "Specialized Metadata Nodes"; field order and defaults as LLVM 3.7's reader, writer,
//! `AsmWriter` and `LLParser` use them).
//!
//! [`crate::for_each_di_record!`] hands the list to a macro of the caller, which turns it into a
//! codec: the bitcode reader and writer, the printer and the parser each expand it once, so a
//! record's code, name and fields are written down only here.
//!
//! The list, per record:
//!
//! ```text
//! Variant(Struct) code "TextName" ops(min..=max) zero[index, ...] {
//!     field: kind[index] "textName" Show(default)?,
//!     ...
//! }
//! ```
//!
//! - `Variant` is the [`crate::MetadataData`] variant and `Struct` its payload type.
//! - `code` is the METADATA_* record code; `ops(min..=max)` the operand counts the reader
//!   accepts; operand 0 is always the `distinct` flag; the operands listed in `zero[...]`
//!   are reserved and must be 0 (the writer writes 0).
//! - Fields are listed in the order the printer writes them; `index` is the field's operand
//!   in the record. Fields at an index `>= min` are the optional tail of the record.
//! - `kind` says how the field is encoded and spelled (see [`DiKind`]).
//! - `Show` is a [`DiShow`]; `default` is the value the parser gives a missing field and the
//!   one `Skip` leaves out (zero, null or empty when not given).

/// How a field of a DI record is encoded in bitcode and spelled in text. The codecs turn the
/// kind names of [`crate::for_each_di_record!`] into method calls; this enum names them for the
/// documentation and for checks on the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiKind {
    /// `bool`: 0 or 1; `true`/`false`.
    Flag,
    /// `u64`: the operand as is; a decimal number.
    Uint,
    /// `u64` DWARF tag; `DW_TAG_*` or a number.
    Tag,
    /// `u64` DWARF tag of a `GenericDINode`, below 2^16.
    GenericTag,
    /// `u64` DI flags; `DIFlag* | ...`.
    Flags,
    /// `u64` DWARF source language; `DW_LANG_*`.
    Lang,
    /// `u64` DWARF base type encoding; `DW_ATE_*`.
    Encoding,
    /// `u64` DWARF virtuality; `DW_VIRTUALITY_*`.
    Virtuality,
    /// `i64` stored as its two's-complement bits.
    Int,
    /// `i64` stored sign-rotated (`rotateSign`: the sign in bit 0).
    Sint,
    /// `MdRef`: a node, 0 for null and id + 1 otherwise.
    Md,
    /// `MdRef` to a string, 0 for null; printed as a quoted string.
    String,
    /// `Metadata`: a node that must be present, stored as its id.
    MdRequired,
    /// `Option<u64>`: an optional last operand.
    OptUint,
    /// `Option<u64>`: an optional last operand that has no text form.
    Obsolete,
    /// `Box<[MdRef]>`: the remaining operands, each 0 for null or id + 1; `{...}`.
    MdList,
    /// `Box<[u64]>`: the remaining operands as is; DWARF operations without field names.
    Elements,
}

/// When the printer writes a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiShow {
    /// Always.
    Always,
    /// Unless it equals its default (zero, null or the empty string when not given).
    Skip,
    /// Unless it is zero and the record's tag is `DW_TAG_auto_variable` (the `arg` of a
    /// `DILocalVariable`).
    SkipIfAutoVariable,
}

/// `DW_TAG_auto_variable`, LLVM's tag for a local variable that is not a parameter.
pub const DW_TAG_AUTO_VARIABLE: u64 = 0x100;

/// Calls `$m! { ... }` with the list of DI records (see the module documentation for the
/// format).
#[macro_export]
macro_rules! for_each_di_record {
    ($m:ident) => {
        $m! {
            Location(DILocation) 7 "DILocation" ops(5..=5) zero[] {
                line: uint[1] "line" Always,
                column: uint[2] "column" Skip,
                scope: md_required[3] "scope" Always,
                inlined_at: md[4] "inlinedAt" Skip,
            }
            GenericDebug(GenericDINode) 12 "GenericDINode" ops(4..=usize::MAX) zero[2] {
                tag: generic_tag[1] "tag" Always,
                header: string[3] "header" Skip,
                operands: md_list[4] "operands" Skip,
            }
            Subrange(DISubrange) 13 "DISubrange" ops(3..=3) zero[] {
                count: int[1] "count" Always,
                lower_bound: sint[2] "lowerBound" Skip,
            }
            Enumerator(DIEnumerator) 14 "DIEnumerator" ops(3..=3) zero[] {
                name: string[2] "name" Always,
                value: sint[1] "value" Always,
            }
            BasicType(DIBasicType) 15 "DIBasicType" ops(6..=6) zero[] {
                tag: tag[1] "tag" Skip(0x24),
                name: string[2] "name" Skip,
                size: uint[3] "size" Skip,
                align: uint[4] "align" Skip,
                encoding: encoding[5] "encoding" Skip,
            }
            File(DIFile) 16 "DIFile" ops(3..=3) zero[] {
                filename: string[1] "filename" Always,
                directory: string[2] "directory" Always,
            }
            DerivedType(DIDerivedType) 17 "DIDerivedType" ops(12..=12) zero[] {
                tag: tag[1] "tag" Always,
                name: string[2] "name" Skip,
                scope: md[5] "scope" Skip,
                file: md[3] "file" Skip,
                line: uint[4] "line" Skip,
                base_type: md[6] "baseType" Always,
                size: uint[7] "size" Skip,
                align: uint[8] "align" Skip,
                offset: uint[9] "offset" Skip,
                flags: flags[10] "flags" Skip,
                extra_data: md[11] "extraData" Skip,
            }
            CompositeType(DICompositeType) 18 "DICompositeType" ops(16..=16) zero[] {
                tag: tag[1] "tag" Always,
                name: string[2] "name" Skip,
                scope: md[5] "scope" Skip,
                file: md[3] "file" Skip,
                line: uint[4] "line" Skip,
                base_type: md[6] "baseType" Skip,
                size: uint[7] "size" Skip,
                align: uint[8] "align" Skip,
                offset: uint[9] "offset" Skip,
                flags: flags[10] "flags" Skip,
                elements: md[11] "elements" Skip,
                runtime_lang: lang[12] "runtimeLang" Skip,
                vtable_holder: md[13] "vtableHolder" Skip,
                template_params: md[14] "templateParams" Skip,
                identifier: string[15] "identifier" Skip,
            }
            SubroutineType(DISubroutineType) 19 "DISubroutineType" ops(3..=3) zero[] {
                flags: flags[1] "flags" Skip,
                types: md[2] "types" Always,
            }
            CompileUnit(DICompileUnit) 20 "DICompileUnit" ops(14..=15) zero[] {
                language: lang[1] "language" Skip,
                file: md[2] "file" Always,
                producer: string[3] "producer" Skip,
                is_optimized: flag[4] "isOptimized" Always,
                flags: string[5] "flags" Skip,
                runtime_version: uint[6] "runtimeVersion" Always,
                split_debug_filename: string[7] "splitDebugFilename" Skip,
                emission_kind: uint[8] "emissionKind" Always,
                enums: md[9] "enums" Skip,
                retained_types: md[10] "retainedTypes" Skip,
                subprograms: md[11] "subprograms" Skip,
                globals: md[12] "globals" Skip,
                imports: md[13] "imports" Skip,
                dwo_id: opt_uint[14] "dwoId" Skip,
            }
            Subprogram(DISubprogram) 21 "DISubprogram" ops(19..=19) zero[] {
                name: string[2] "name" Skip,
                linkage_name: string[3] "linkageName" Skip,
                scope: md[1] "scope" Always,
                file: md[4] "file" Skip,
                line: uint[5] "line" Skip,
                ty: md[6] "type" Skip,
                is_local: flag[7] "isLocal" Always,
                is_definition: flag[8] "isDefinition" Always(true),
                scope_line: uint[9] "scopeLine" Skip,
                containing_type: md[10] "containingType" Skip,
                virtuality: virtuality[11] "virtuality" Skip,
                virtual_index: uint[12] "virtualIndex" Skip,
                flags: flags[13] "flags" Skip,
                is_optimized: flag[14] "isOptimized" Always,
                function: md[15] "function" Skip,
                template_params: md[16] "templateParams" Skip,
                declaration: md[17] "declaration" Skip,
                variables: md[18] "variables" Skip,
            }
            LexicalBlock(DILexicalBlock) 22 "DILexicalBlock" ops(5..=5) zero[] {
                scope: md[1] "scope" Always,
                file: md[2] "file" Skip,
                line: uint[3] "line" Skip,
                column: uint[4] "column" Skip,
            }
            LexicalBlockFile(DILexicalBlockFile) 23 "DILexicalBlockFile" ops(4..=4) zero[] {
                scope: md[1] "scope" Always,
                file: md[2] "file" Skip,
                discriminator: uint[3] "discriminator" Always,
            }
            Namespace(DINamespace) 24 "DINamespace" ops(5..=5) zero[] {
                name: string[3] "name" Skip,
                scope: md[1] "scope" Always,
                file: md[2] "file" Skip,
                line: uint[4] "line" Skip,
            }
            TemplateTypeParameter(DITemplateTypeParameter) 25 "DITemplateTypeParameter"
                ops(3..=3) zero[] {
                name: string[1] "name" Skip,
                ty: md[2] "type" Always,
            }
            TemplateValueParameter(DITemplateValueParameter) 26 "DITemplateValueParameter"
                ops(5..=5) zero[] {
                tag: tag[1] "tag" Skip(0x30),
                name: string[2] "name" Skip,
                ty: md[3] "type" Skip,
                value: md[4] "value" Always,
            }
            GlobalVariable(DIGlobalVariable) 27 "DIGlobalVariable" ops(11..=11) zero[] {
                name: string[2] "name" Skip,
                linkage_name: string[3] "linkageName" Skip,
                scope: md[1] "scope" Always,
                file: md[4] "file" Skip,
                line: uint[5] "line" Skip,
                ty: md[6] "type" Skip,
                is_local: flag[7] "isLocal" Always,
                is_definition: flag[8] "isDefinition" Always(true),
                variable: md[9] "variable" Skip,
                static_data_member_declaration: md[10] "declaration" Skip,
            }
            LocalVariable(DILocalVariable) 28 "DILocalVariable" ops(9..=10) zero[] {
                tag: tag[1] "tag" Always,
                name: string[3] "name" Skip,
                arg: uint[7] "arg" SkipIfAutoVariable,
                scope: md[2] "scope" Always,
                file: md[4] "file" Skip,
                line: uint[5] "line" Skip,
                ty: md[6] "type" Skip,
                flags: flags[8] "flags" Skip,
                obsolete_inlined_at: obsolete[9] "inlinedAt" Skip,
            }
            Expression(DIExpression) 29 "DIExpression" ops(1..=usize::MAX) zero[] {
                elements: elements[1] "elements" Always,
            }
            ObjCProperty(DIObjCProperty) 30 "DIObjCProperty" ops(8..=8) zero[] {
                name: string[1] "name" Skip,
                file: md[2] "file" Skip,
                line: uint[3] "line" Skip,
                setter: string[4] "setter" Skip,
                getter: string[5] "getter" Skip,
                attributes: uint[6] "attributes" Skip,
                ty: md[7] "type" Skip,
            }
            ImportedEntity(DIImportedEntity) 31 "DIImportedEntity" ops(6..=6) zero[] {
                tag: tag[1] "tag" Always,
                name: string[5] "name" Skip,
                scope: md[2] "scope" Always,
                entity: md[3] "entity" Skip,
                line: uint[4] "line" Skip,
            }
            Module(DIModule) 32 "DIModule" ops(6..=6) zero[] {
                scope: md[1] "scope" Always,
                name: string[2] "name" Skip,
                configuration_macros: string[3] "configMacros" Skip,
                include_path: string[4] "includePath" Skip,
                isysroot: string[5] "isysroot" Skip,
            }
        }
    };
}

/// One field of a DI record as the list gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiFieldInfo {
    /// The Rust field name.
    pub field: &'static str,
    /// The encoding.
    pub kind: DiKind,
    /// The record operand.
    pub index: usize,
    /// The text field name.
    pub text: &'static str,
    /// When the printer writes it.
    pub show: DiShow,
}

/// One DI record as the list gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiRecordInfo {
    /// The METADATA_* record code.
    pub code: u32,
    /// The text name (`DILocation`, ...), without the `!`.
    pub name: &'static str,
    /// The fewest operands the record has.
    pub min_ops: usize,
    /// The most operands the record has.
    pub max_ops: usize,
    /// Reserved operands that must be 0.
    pub zero: &'static [usize],
    /// Fields in text order.
    pub fields: &'static [DiFieldInfo],
}

/// Maps a kind name of the list to [`DiKind`].
macro_rules! di_kind {
    (flag) => {
        DiKind::Flag
    };
    (uint) => {
        DiKind::Uint
    };
    (tag) => {
        DiKind::Tag
    };
    (generic_tag) => {
        DiKind::GenericTag
    };
    (flags) => {
        DiKind::Flags
    };
    (lang) => {
        DiKind::Lang
    };
    (encoding) => {
        DiKind::Encoding
    };
    (virtuality) => {
        DiKind::Virtuality
    };
    (int) => {
        DiKind::Int
    };
    (sint) => {
        DiKind::Sint
    };
    (md) => {
        DiKind::Md
    };
    (string) => {
        DiKind::String
    };
    (md_required) => {
        DiKind::MdRequired
    };
    (opt_uint) => {
        DiKind::OptUint
    };
    (obsolete) => {
        DiKind::Obsolete
    };
    (md_list) => {
        DiKind::MdList
    };
    (elements) => {
        DiKind::Elements
    };
}

/// The expansion inside this crate: record constants, the table, and `is_distinct`.
macro_rules! di_ir {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        $(
            impl crate::metadata::$ty {
                /// The METADATA_* record code.
                pub const CODE: u32 = $code;
                /// The text name, without the `!`.
                pub const NAME: &'static str = $name;
            }
        )*

        /// Every DI record of [`crate::for_each_di_record!`], in list order.
        pub const DI_RECORDS: &[DiRecordInfo] = &[$(
            DiRecordInfo {
                code: $code,
                name: $name,
                min_ops: $min,
                max_ops: $max,
                zero: &[$($z),*],
                fields: &[$(
                    DiFieldInfo {
                        field: stringify!($field),
                        kind: di_kind!($kind),
                        index: $idx,
                        text: $text,
                        show: DiShow::$show,
                    }
                ),*],
            }
        ),*];

        impl crate::metadata::MetadataData {
            /// The `distinct` flag of a node (false for strings and value wrappers, and for a
            /// record `pools`, the module's, do not hold).
            pub fn is_distinct(&self, pools: &crate::Pools) -> bool {
                use crate::DiPayload;
                match self {
                    crate::metadata::MetadataData::String(_)
                    | crate::metadata::MetadataData::Value { .. } => false,
                    crate::metadata::MetadataData::Node { distinct, .. } => *distinct,
                    $( crate::metadata::MetadataData::$variant(n) => {
                        n.record(pools).is_some_and(|r| r.distinct)
                    } )*
                }
            }

            /// The text name of a DI record (`DILocation`, ...); `None` for strings, value
            /// wrappers and plain nodes.
            pub fn di_name(&self) -> Option<&'static str> {
                match self {
                    $( crate::metadata::MetadataData::$variant(_) => Some($name), )*
                    _ => None,
                }
            }

            /// Whether `pools` hold every list and record of the item.
            pub fn held_by(&self, pools: &crate::Pools) -> bool {
                use crate::DiPayload;
                match self {
                    crate::metadata::MetadataData::String(r) => pools.holds(*r),
                    crate::metadata::MetadataData::Value { .. } => true,
                    crate::metadata::MetadataData::Node { operands, .. } => pools.holds(*operands),
                    $( crate::metadata::MetadataData::$variant(n) => {
                        let Some(_r) = n.record(pools) else { return false };
                        let mut held = true;
                        $( held &= ListHeld(pools).$kind(&_r.$field); )*
                        held
                    } )*
                }
            }

            /// The item with its lists and record copied from `from` into `to` (another
            /// module's pools); `None` when `from` does not hold them or a pool of `to` is
            /// full.
            pub fn copy_between(
                &self,
                from: &crate::Pools,
                to: &mut crate::Pools,
            ) -> Option<crate::metadata::MetadataData> {
                use crate::metadata::MetadataData as M;
                use crate::DiPayload;
                Some(match self {
                    M::String(r) => M::String(to.try_push(from.get(*r)?)?),
                    M::Value { ty, value } => M::Value { ty: *ty, value: *value },
                    M::Node { distinct, operands } => M::Node {
                        distinct: *distinct,
                        operands: to.try_push(from.get(*operands)?)?,
                    },
                    $( M::$variant(n) => {
                        #[allow(unused_mut)]
                        let mut r = *n.record(from)?;
                        let mut _c = ListCopy { from, to: &mut *to };
                        $( _c.$kind(&mut r.$field)?; )*
                        M::$variant(DiPayload::store(r, to)?)
                    } )*
                })
            }
        }
    };
}

/// Whether the pools hold a field's list (fields without a list are always held); each
/// method is a kind of [`crate::for_each_di_record!`].
struct ListHeld<'p>(&'p crate::Pools);

macro_rules! no_list {
    ($($kind:ident: $t:ty),* $(,)?) => {
        impl ListHeld<'_> {
            $( fn $kind(&self, _: &$t) -> bool { true } )*
            fn md_list(&self, r: &crate::MdRange) -> bool {
                self.0.holds(*r)
            }
            fn elements(&self, r: &crate::WordRange) -> bool {
                self.0.holds(*r)
            }
        }
        impl ListCopy<'_> {
            $( fn $kind(&mut self, _: &mut $t) -> Option<()> { Some(()) } )*
            fn md_list(&mut self, r: &mut crate::MdRange) -> Option<()> {
                *r = self.to.try_push(self.from.get(*r)?)?;
                Some(())
            }
            fn elements(&mut self, r: &mut crate::WordRange) -> Option<()> {
                *r = self.to.try_push(self.from.get(*r)?)?;
                Some(())
            }
        }
    };
}

/// Copies a field's list between two modules' pools; each method is a kind of
/// [`crate::for_each_di_record!`].
struct ListCopy<'p> {
    from: &'p crate::Pools,
    to: &'p mut crate::Pools,
}

no_list! {
    flag: bool,
    uint: u64,
    tag: u64,
    generic_tag: u64,
    flags: u64,
    lang: u64,
    encoding: u64,
    virtuality: u64,
    int: i64,
    sint: i64,
    md: crate::MdRef,
    string: crate::MdRef,
    md_required: crate::Metadata,
    opt_uint: Option<u64>,
    obsolete: Option<u64>,
}

for_each_di_record!(di_ir);

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is consistent: every operand but `distinct` is one field or reserved, the
    /// fixed operands are below `min_ops`, and only the last operand is optional.
    #[test]
    fn layout() {
        let mut codes = std::collections::HashSet::new();
        for r in DI_RECORDS {
            assert!(codes.insert(r.code), "{}", r.name);
            assert!(r.min_ops >= 1 && r.min_ops <= r.max_ops, "{}", r.name);
            let mut seen = vec![false; r.min_ops + 1];
            seen[0] = true;
            for &z in r.zero {
                assert!(z < r.min_ops && !seen[z], "{}", r.name);
                seen[z] = true;
            }
            for f in r.fields {
                let tail = matches!(
                    f.kind,
                    DiKind::OptUint | DiKind::Obsolete | DiKind::MdList | DiKind::Elements
                );
                if tail {
                    assert_eq!(f.index, r.min_ops, "{}.{}", r.name, f.field);
                } else {
                    assert!(f.index < r.min_ops, "{}.{}", r.name, f.field);
                }
                assert!(!seen[f.index], "{}.{}", r.name, f.field);
                seen[f.index] = true;
            }
            let fixed_seen = seen[..r.min_ops].iter().all(|s| *s);
            assert!(fixed_seen, "{}: an operand without a field", r.name);
            let has_tail = seen[r.min_ops];
            match r.max_ops {
                usize::MAX => assert!(has_tail, "{}", r.name),
                m if m == r.min_ops + 1 => assert!(has_tail, "{}", r.name),
                m => assert!(m == r.min_ops && !has_tail, "{}", r.name),
            }
        }
        assert_eq!(crate::DILocation::CODE, 7);
        assert_eq!(crate::DISubprogram::NAME, "DISubprogram");
    }
}
