//! Metadata (LLVM 3.7 METADATA_BLOCK encoding; LangRef "Metadata").
//!
//! Every record that defines a metadata id becomes one arena entry, in bitcode order.
//! References are `Option<Metadata>` where the record allows null (`getMDOrNull`: 0 = null,
//! N = id N-1), plain [`Metadata`] where it does not.

use std::borrow::Cow;

use crate::ids::{Metadata, Type};
use crate::names::Name;
use crate::pool::{ByteRange, MdIdRange, MdRange, PoolRef, WordRange};
use crate::values::ValueRef;

/// A nullable metadata reference.
pub type MdRef = Option<Metadata>;

/// Named metadata (METADATA_NAME followed by METADATA_NAMED_NODE).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedMetadata {
    /// The name (`!llvm.ident`, `!dx.entryPoints`, ...), in [`crate::Module::names`].
    pub name: Name,
    /// The operand nodes, in [`crate::Module::pools`].
    pub operands: MdIdRange,
}

/// One METADATA_KIND record: [id, name...].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetadataKind {
    /// The kind id used by attachments.
    pub id: u32,
    /// The kind name (`dbg`, `tbaa`, `dx.temp`, ...). Borrowed for LLVM's fixed kinds:
    /// every module lists them, and a heap copy of each per module was a fifth of a
    /// builder's allocations.
    pub name: Cow<'static, str>,
}

/// One metadata item.
///
/// The debug-info records larger than a location are in the module's pools, one vector per
/// record kind, named by a [`PoolRef`]: inline they made every item 136 bytes where a node,
/// string or value wrapper needs 24, and a box each cost an allocation per record. The
/// codecs read and make the payloads through [`crate::DiPayload`], which looks in the pools
/// or not as the variant's type says.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MetadataData {
    /// `!"..."` (METADATA_STRING): the bytes, in [`crate::Module::pools`].
    String(ByteRange),
    /// A value wrapper (METADATA_VALUE: [ty, value id]), module-level (constants, globals) or
    /// function-local (arguments, instructions).
    Value {
        /// The value's type.
        ty: Type,
        /// The value.
        value: ValueRef,
    },
    /// `!{...}` / `distinct !{...}` (METADATA_NODE / METADATA_DISTINCT_NODE).
    Node {
        /// `distinct`.
        distinct: bool,
        /// Operands (`None`: `null`), in [`crate::Module::pools`].
        operands: MdRange,
    },
    /// `!DILocation` (METADATA_LOCATION).
    Location(DILocation),
    /// `!GenericDINode` (METADATA_GENERIC_DEBUG).
    GenericDebug(PoolRef<GenericDINode>),
    /// `!DISubrange` (METADATA_SUBRANGE).
    Subrange(DISubrange),
    /// `!DIEnumerator` (METADATA_ENUMERATOR).
    Enumerator(DIEnumerator),
    /// `!DIBasicType` (METADATA_BASIC_TYPE).
    BasicType(PoolRef<DIBasicType>),
    /// `!DIFile` (METADATA_FILE).
    File(DIFile),
    /// `!DIDerivedType` (METADATA_DERIVED_TYPE).
    DerivedType(PoolRef<DIDerivedType>),
    /// `!DICompositeType` (METADATA_COMPOSITE_TYPE).
    CompositeType(PoolRef<DICompositeType>),
    /// `!DISubroutineType` (METADATA_SUBROUTINE_TYPE).
    SubroutineType(DISubroutineType),
    /// `!DICompileUnit` (METADATA_COMPILE_UNIT).
    CompileUnit(PoolRef<DICompileUnit>),
    /// `!DISubprogram` (METADATA_SUBPROGRAM).
    Subprogram(PoolRef<DISubprogram>),
    /// `!DILexicalBlock` (METADATA_LEXICAL_BLOCK).
    LexicalBlock(PoolRef<DILexicalBlock>),
    /// `!DILexicalBlockFile` (METADATA_LEXICAL_BLOCK_FILE).
    LexicalBlockFile(DILexicalBlockFile),
    /// `!DINamespace` (METADATA_NAMESPACE).
    Namespace(PoolRef<DINamespace>),
    /// `!DITemplateTypeParameter` (METADATA_TEMPLATE_TYPE).
    TemplateTypeParameter(DITemplateTypeParameter),
    /// `!DITemplateValueParameter` (METADATA_TEMPLATE_VALUE).
    TemplateValueParameter(PoolRef<DITemplateValueParameter>),
    /// `!DIGlobalVariable` (METADATA_GLOBAL_VAR).
    GlobalVariable(PoolRef<DIGlobalVariable>),
    /// `!DILocalVariable` (METADATA_LOCAL_VAR).
    LocalVariable(PoolRef<DILocalVariable>),
    /// `!DIExpression` (METADATA_EXPRESSION).
    Expression(DIExpression),
    /// `!DIObjCProperty` (METADATA_OBJC_PROPERTY).
    ObjCProperty(PoolRef<DIObjCProperty>),
    /// `!DIImportedEntity` (METADATA_IMPORTED_ENTITY).
    ImportedEntity(PoolRef<DIImportedEntity>),
    /// `!DIModule` (METADATA_MODULE).
    Module(PoolRef<DIModule>),
}

/// METADATA_LOCATION: [distinct, line, column, scope, inlinedAt + 1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DILocation {
    /// `distinct`.
    pub distinct: bool,
    /// Line.
    pub line: u64,
    /// Column.
    pub column: u64,
    /// Scope (required).
    pub scope: Metadata,
    /// Inlined-at location.
    pub inlined_at: MdRef,
}

/// METADATA_GENERIC_DEBUG: [distinct, tag, version (0), header, operands...].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenericDINode {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Header string.
    pub header: MdRef,
    /// DWARF operands, in [`crate::Module::pools`].
    pub operands: MdRange,
}

/// METADATA_SUBRANGE: [distinct, count, lowerBound (sign-rotated)].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DISubrange {
    /// `distinct`.
    pub distinct: bool,
    /// Count (stored as the raw 64-bit record value; -1 means unknown).
    pub count: i64,
    /// Lower bound.
    pub lower_bound: i64,
}

/// METADATA_ENUMERATOR: [distinct, value (sign-rotated), name].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIEnumerator {
    /// `distinct`.
    pub distinct: bool,
    /// Value.
    pub value: i64,
    /// Name string.
    pub name: MdRef,
}

/// METADATA_BASIC_TYPE: [distinct, tag, name, size, align, encoding].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIBasicType {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Name string.
    pub name: MdRef,
    /// Size in bits.
    pub size: u64,
    /// Alignment in bits.
    pub align: u64,
    /// DWARF encoding.
    pub encoding: u64,
}

/// METADATA_FILE: [distinct, filename, directory].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIFile {
    /// `distinct`.
    pub distinct: bool,
    /// File name string.
    pub filename: MdRef,
    /// Directory string.
    pub directory: MdRef,
}

/// METADATA_DERIVED_TYPE: [distinct, tag, name, file, line, scope, baseType, size, align,
/// offset, flags, extraData].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIDerivedType {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Name string.
    pub name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Scope.
    pub scope: MdRef,
    /// Base type.
    pub base_type: MdRef,
    /// Size in bits.
    pub size: u64,
    /// Alignment in bits.
    pub align: u64,
    /// Offset in bits.
    pub offset: u64,
    /// DIFlags.
    pub flags: u64,
    /// Extra data.
    pub extra_data: MdRef,
}

/// METADATA_COMPOSITE_TYPE: [distinct, tag, name, file, line, scope, baseType, size, align,
/// offset, flags, elements, runtimeLang, vtableHolder, templateParams, identifier].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DICompositeType {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Name string.
    pub name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Scope.
    pub scope: MdRef,
    /// Base type.
    pub base_type: MdRef,
    /// Size in bits.
    pub size: u64,
    /// Alignment in bits.
    pub align: u64,
    /// Offset in bits.
    pub offset: u64,
    /// DIFlags.
    pub flags: u64,
    /// Elements tuple.
    pub elements: MdRef,
    /// Runtime language.
    pub runtime_lang: u64,
    /// vtable holder.
    pub vtable_holder: MdRef,
    /// Template parameters tuple.
    pub template_params: MdRef,
    /// Identifier string.
    pub identifier: MdRef,
}

/// METADATA_SUBROUTINE_TYPE: [distinct, flags, types].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DISubroutineType {
    /// `distinct`.
    pub distinct: bool,
    /// DIFlags.
    pub flags: u64,
    /// Types tuple.
    pub types: MdRef,
}

/// METADATA_COMPILE_UNIT: [distinct, language, file, producer, isOptimized, flags,
/// runtimeVersion, splitDebugFilename, emissionKind, enums, retainedTypes, subprograms,
/// globals, imports, dwoId?].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DICompileUnit {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF source language.
    pub language: u64,
    /// File.
    pub file: MdRef,
    /// Producer string.
    pub producer: MdRef,
    /// isOptimized.
    pub is_optimized: bool,
    /// Flags string.
    pub flags: MdRef,
    /// Runtime version.
    pub runtime_version: u64,
    /// Split debug file name string.
    pub split_debug_filename: MdRef,
    /// Emission kind.
    pub emission_kind: u64,
    /// Enum types tuple.
    pub enums: MdRef,
    /// Retained types tuple.
    pub retained_types: MdRef,
    /// Subprograms tuple.
    pub subprograms: MdRef,
    /// Global variables tuple.
    pub globals: MdRef,
    /// Imported entities tuple.
    pub imports: MdRef,
    /// DWO id (`None` when the record has 14 fields).
    pub dwo_id: Option<u64>,
}

/// METADATA_SUBPROGRAM: [distinct, scope, name, linkageName, file, line, type, isLocal,
/// isDefinition, scopeLine, containingType, virtuality, virtualIndex, flags, isOptimized,
/// function, templateParams, declaration, variables].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DISubprogram {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// Name string.
    pub name: MdRef,
    /// Linkage name string.
    pub linkage_name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Subroutine type.
    pub ty: MdRef,
    /// isLocal.
    pub is_local: bool,
    /// isDefinition.
    pub is_definition: bool,
    /// Scope line.
    pub scope_line: u64,
    /// Containing type.
    pub containing_type: MdRef,
    /// Virtuality.
    pub virtuality: u64,
    /// Virtual index.
    pub virtual_index: u64,
    /// DIFlags.
    pub flags: u64,
    /// isOptimized.
    pub is_optimized: bool,
    /// The function (a value wrapper).
    pub function: MdRef,
    /// Template parameters tuple.
    pub template_params: MdRef,
    /// Declaration.
    pub declaration: MdRef,
    /// Variables tuple.
    pub variables: MdRef,
}

/// METADATA_LEXICAL_BLOCK: [distinct, scope, file, line, column].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DILexicalBlock {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Column.
    pub column: u64,
}

/// METADATA_LEXICAL_BLOCK_FILE: [distinct, scope, file, discriminator].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DILexicalBlockFile {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// File.
    pub file: MdRef,
    /// Discriminator.
    pub discriminator: u64,
}

/// METADATA_NAMESPACE: [distinct, scope, file, name, line].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DINamespace {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// File.
    pub file: MdRef,
    /// Name string.
    pub name: MdRef,
    /// Line.
    pub line: u64,
}

/// METADATA_TEMPLATE_TYPE: [distinct, name, type].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DITemplateTypeParameter {
    /// `distinct`.
    pub distinct: bool,
    /// Name string.
    pub name: MdRef,
    /// Type.
    pub ty: MdRef,
}

/// METADATA_TEMPLATE_VALUE: [distinct, tag, name, type, value].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DITemplateValueParameter {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Name string.
    pub name: MdRef,
    /// Type.
    pub ty: MdRef,
    /// Value.
    pub value: MdRef,
}

/// METADATA_GLOBAL_VAR: [distinct, scope, name, linkageName, file, line, type, isLocal,
/// isDefinition, variable, staticDataMemberDeclaration].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIGlobalVariable {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// Name string.
    pub name: MdRef,
    /// Linkage name string.
    pub linkage_name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Type.
    pub ty: MdRef,
    /// isLocal.
    pub is_local: bool,
    /// isDefinition.
    pub is_definition: bool,
    /// The variable (a value wrapper).
    pub variable: MdRef,
    /// Static data member declaration.
    pub static_data_member_declaration: MdRef,
}

/// METADATA_LOCAL_VAR: [distinct, tag, scope, name, file, line, type, arg, flags,
/// (obsolete inlinedAt)?].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DILocalVariable {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Scope.
    pub scope: MdRef,
    /// Name string.
    pub name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Type.
    pub ty: MdRef,
    /// Argument number (0: not an argument).
    pub arg: u64,
    /// DIFlags.
    pub flags: u64,
    /// The obsolete 10th field (`inlinedAt`), when present.
    pub obsolete_inlined_at: Option<u64>,
}

/// METADATA_EXPRESSION: [distinct, elements...].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIExpression {
    /// `distinct`.
    pub distinct: bool,
    /// DW_OP_* elements and their arguments, in [`crate::Module::pools`].
    pub elements: WordRange,
}

/// METADATA_OBJC_PROPERTY: [distinct, name, file, line, setter, getter, attributes, type].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIObjCProperty {
    /// `distinct`.
    pub distinct: bool,
    /// Name string.
    pub name: MdRef,
    /// File.
    pub file: MdRef,
    /// Line.
    pub line: u64,
    /// Setter name string.
    pub setter: MdRef,
    /// Getter name string.
    pub getter: MdRef,
    /// Attributes.
    pub attributes: u64,
    /// Type.
    pub ty: MdRef,
}

/// METADATA_IMPORTED_ENTITY: [distinct, tag, scope, entity, line, name].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIImportedEntity {
    /// `distinct`.
    pub distinct: bool,
    /// DWARF tag.
    pub tag: u64,
    /// Scope.
    pub scope: MdRef,
    /// Entity.
    pub entity: MdRef,
    /// Line.
    pub line: u64,
    /// Name string.
    pub name: MdRef,
}

/// METADATA_MODULE: [distinct, scope, name, configurationMacros, includePath, isysroot].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DIModule {
    /// `distinct`.
    pub distinct: bool,
    /// Scope.
    pub scope: MdRef,
    /// Name string.
    pub name: MdRef,
    /// Configuration macros string.
    pub configuration_macros: MdRef,
    /// Include path string.
    pub include_path: MdRef,
    /// isysroot string.
    pub isysroot: MdRef,
}
