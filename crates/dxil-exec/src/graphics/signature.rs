//! Where a stage's inputs and outputs live while it runs: every element of the input and
//! output signatures (DXIL.rst "Signature element record") gets `rows x 4` values per lane,
//! in element order, which `loadInput` and `storeOutput` (DXIL.rst "Operations": element id,
//! row within the element, column) address. The packed `start_row`/`start_col` the
//! signature records are not needed: elements are matched between stages by semantic.

use dxil_module::model::{EntrySignatures, SignatureElement};
use dxil_ops::SemanticKind;

use crate::error::{InputCause, Result, UnsupportedCause};

/// Rows one element may span (D3D: 32 registers of four components).
const MAX_ROWS: u32 = 32;

/// The stage an entry point is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Compute,
    Vertex,
    Pixel,
}

/// One signature element as the executor uses it.
#[derive(Clone, Debug)]
pub(crate) struct Element {
    pub(crate) id: u32,
    pub(crate) name: String,
    /// The semantic index of the first row (later rows count up, as `semantic_indices` say).
    pub(crate) indices: Vec<u32>,
    pub(crate) kind: u8,
    /// `InterpolationMode`, raw.
    pub(crate) interpolation: u8,
    /// Component type, raw (`ComponentType`: 9 is F32, 8 F16).
    pub(crate) component: u8,
    pub(crate) rows: u32,
    /// Index of its first value within a lane's block.
    pub(crate) base: u32,
}

impl Element {
    /// Whether it is the system value `k`.
    pub(crate) fn is(&self, k: SemanticKind) -> bool {
        self.kind == k as u8
    }

    /// The semantic index of row `row`: the one the signature lists for it, or, for a row
    /// past the list, its row number.
    pub(crate) fn semantic_index(&self, row: u32) -> u32 {
        match self.indices.get(row as usize) {
            Some(&i) => i,
            None => row,
        }
    }
}

/// The elements of one signature and the values one lane needs for them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    pub(crate) elements: Vec<Element>,
    /// Values per lane.
    pub(crate) stride: u32,
}

impl Layout {
    fn new(list: Option<&Vec<SignatureElement>>) -> Result<Layout> {
        let mut out = Layout::default();
        for e in list.into_iter().flatten() {
            if e.rows == 0 || e.rows > MAX_ROWS {
                return Err(InputCause::SignatureRows {
                    name: e.name.clone(),
                    rows: e.rows,
                    max: MAX_ROWS,
                }
                .into());
            }
            out.elements.push(Element {
                id: e.id,
                name: e.name.clone(),
                indices: e.semantic_indices.clone(),
                kind: e.semantic_kind,
                interpolation: e.interpolation_mode,
                component: e.component_type,
                rows: e.rows,
                base: out.stride,
            });
            out.stride += e.rows * 4;
        }
        Ok(out)
    }

    /// The value index of (`id`, `row`, `col`) within a lane's block, if it is in the
    /// signature.
    #[inline]
    pub(crate) fn index(&self, id: u64, row: u64, col: u64) -> Option<usize> {
        let e = self.elements.iter().find(|e| u64::from(e.id) == id)?;
        (row < u64::from(e.rows) && col < 4).then(|| (e.base as u64 + row * 4 + col) as usize)
    }

    /// The element of system value `k`, if any.
    pub(crate) fn system(&self, k: SemanticKind) -> Option<&Element> {
        self.elements.iter().find(|e| e.is(k))
    }
}

/// The stage of a compiled entry and its signature layouts.
#[derive(Clone, Debug)]
pub(crate) struct StageIo {
    pub(crate) kind: Kind,
    pub(crate) inputs: Layout,
    pub(crate) outputs: Layout,
}

impl StageIo {
    /// The stage of shader-model kind `kind` (`cs`, `vs`, `ps`) with its signatures.
    pub(crate) fn new(kind: &str, sigs: Option<&EntrySignatures>) -> Result<StageIo> {
        let kind = match kind {
            "cs" => Kind::Compute,
            "vs" => Kind::Vertex,
            "ps" => Kind::Pixel,
            other => return Err(UnsupportedCause::Stage(other.to_string()).into()),
        };
        let (inputs, outputs) = match (kind, sigs) {
            (Kind::Compute, _) | (_, None) => (Layout::default(), Layout::default()),
            (_, Some(s)) => (
                Layout::new(s.input.as_ref())?,
                Layout::new(s.output.as_ref())?,
            ),
        };
        Ok(StageIo {
            kind,
            inputs,
            outputs,
        })
    }
}
