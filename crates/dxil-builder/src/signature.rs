//! Signature elements by semantic (DXIL.rst "Signature element record", "Signature
//! Semantic Interpretation"): what a stage reads or writes through `loadInput`/`storeOutput`.
//! Locations are left to the project's packer.

use dxil_parts::names::{sv_semantic_name, ComponentType, InterpolationMode, SemanticKind};

/// One signature element: a semantic and index, a shape (`rows` x `cols`), a component
/// type, and for inputs of pixel shaders an interpolation mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementDesc {
    /// Semantic name (`SV_Position`, `TEXCOORD`, ...); `SV_` names select system values.
    pub semantic: String,
    /// First semantic index (row `r` has index `semantic_index + r`).
    pub semantic_index: u32,
    /// Component type.
    pub component_type: ComponentType,
    /// Rows (array length).
    pub rows: u32,
    /// Columns (1 to 4).
    pub cols: u8,
    /// Interpolation mode (`Undefined` where the signature point has none).
    pub interpolation: InterpolationMode,
    /// Geometry shader output stream.
    pub stream: u32,
}

impl ElementDesc {
    /// A `cols`-component element of `component_type` named `semantic`, index 0, one row,
    /// no interpolation mode.
    pub fn new(semantic: &str, component_type: ComponentType, cols: u8) -> Self {
        ElementDesc {
            semantic: semantic.to_string(),
            semantic_index: 0,
            component_type,
            rows: 1,
            cols,
            interpolation: InterpolationMode::Undefined,
            stream: 0,
        }
    }

    /// The element as a `float4` named `semantic`.
    pub fn float4(semantic: &str) -> Self {
        Self::new(semantic, ComponentType::F32, 4)
    }

    /// Sets the first semantic index.
    pub fn index(mut self, index: u32) -> Self {
        self.semantic_index = index;
        self
    }

    /// Sets the row count (an array of `rows` registers).
    pub fn rows(mut self, rows: u32) -> Self {
        self.rows = rows;
        self
    }

    /// Sets the interpolation mode.
    pub fn interpolation(mut self, mode: InterpolationMode) -> Self {
        self.interpolation = mode;
        self
    }

    /// Sets the geometry shader output stream.
    pub fn stream(mut self, stream: u32) -> Self {
        self.stream = stream;
        self
    }

    /// The semantic kind: the system value an `SV_` name selects (case-insensitive), else
    /// `Arbitrary`; `None` for an `SV_` name DXIL does not define.
    pub fn semantic_kind(&self) -> Option<SemanticKind> {
        semantic_kind_of(&self.semantic)
    }

    /// The name the metadata records: system values by their canonical spelling, user
    /// semantics as given.
    pub fn recorded_name(&self) -> String {
        match self.semantic_kind().and_then(sv_semantic_name) {
            Some(canonical) => canonical.to_string(),
            None => self.semantic.clone(),
        }
    }
}

/// The semantic kind of a semantic name (see [`ElementDesc::semantic_kind`]).
pub fn semantic_kind_of(name: &str) -> Option<SemanticKind> {
    let is_sv = name.len() >= 3 && name[..3].eq_ignore_ascii_case("SV_");
    if !is_sv {
        return Some(SemanticKind::Arbitrary);
    }
    SemanticKind::ALL
        .iter()
        .copied()
        .find(|&k| sv_semantic_name(k).is_some_and(|n| n.eq_ignore_ascii_case(name)))
}
