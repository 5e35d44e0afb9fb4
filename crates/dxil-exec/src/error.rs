//! The executor's error: a kind, and for the kinds that have several causes, the cause, with
//! what it concerns as fields a caller can match on.

use std::fmt;

use crate::resource::ResourceKind;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// The input is not a module this executor can read.
    #[error("{0}")]
    Input(InputCause),
    /// A construct the executor does not run, named.
    #[error("unsupported: {0}")]
    Unsupported(UnsupportedCause),
    /// A resource the shader uses is not bound (class, space, register).
    #[error("{class} register {register} in space {space} is not bound")]
    Unbound {
        /// `t`, `u`, `b` or `s`.
        class: char,
        /// Register space.
        space: u32,
        /// Register.
        register: u32,
    },
    /// The instruction budget ran out: a thread is in an endless loop.
    #[error("instruction budget of {budget} exhausted in thread {thread:?}, block {label} of function '{function}'")]
    Budget {
        /// The budget (instructions per dispatch).
        budget: u64,
        /// The thread's `SV_DispatchThreadID`.
        thread: [u32; 3],
        /// The block (its index in the function's list of blocks).
        block: u32,
        /// The block as `dxil dis` names it (`%5`, `%loop`).
        label: String,
        /// The function.
        function: String,
    },
    /// The budget ran out between thread groups: the dispatch is more work than the budget
    /// allows, though no thread need be endless.
    #[error("instruction budget of {budget} exhausted after {done} of {total} thread groups")]
    DispatchBudget {
        /// The budget (instructions per dispatch).
        budget: u64,
        /// Thread groups run.
        done: u64,
        /// Thread groups in the dispatch.
        total: u64,
    },
    /// Something the shader did that Direct3D leaves undefined and this executor refuses
    /// (e.g. a barrier reached by only some threads of a group).
    #[error("{0}")]
    Runtime(RuntimeCause),
}

/// Why an input is refused ([`ErrorKind::Input`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputCause {
    /// An id of a module no reader checked names nothing ([`crate::check_module`]).
    #[error("the module's ids: {0}")]
    Ids(dxil_ir::IdError),
    /// The bytes given for a container are not one.
    #[error("not a DXContainer: {0}")]
    Container(dxil_container::Error),
    /// The container's root signature part does not read.
    #[error("RTS0 part: {0}")]
    RootSignature(dxil_rootsig::Error),
    /// A call to a `dx.op` function that is not a valid operation.
    #[error("{0}")]
    Call(dxil_ops::DecodeError),
    /// The module lacks a shape the executor relies on (an entry point, its metadata, a
    /// terminator where a block ends, a value where an instruction reads one), in words.
    #[error("{0}")]
    Malformed(String),
    /// `createHandle` of a resource class that is none of SRV, UAV, CBV and sampler.
    #[error("resource class {0}")]
    ResourceClass(u64),
    /// `createHandle` of a range the module does not declare.
    #[error("createHandle of range {range}, not in dx.resources")]
    UndeclaredRange {
        /// The range's id.
        range: u32,
    },
    /// A dispatch of more thread groups in one dimension than Direct3D allows.
    #[error(
        "a dispatch of {groups} thread groups in {}: Direct3D dispatches at most {max} per \
         dimension",
        ["x", "y", "z"][(*.dimension).min(2)]
    )]
    TooManyGroups {
        /// The groups asked for in that dimension.
        groups: u32,
        /// The dimension: 0, 1 or 2 for x, y, z.
        dimension: usize,
        /// The most Direct3D allows.
        max: u32,
    },
    /// A vertex or pixel shader given to a dispatch.
    #[error("a vertex or pixel shader is drawn, not dispatched")]
    NotCompute,
    /// The first shader of a draw is not a vertex shader.
    #[error("the first shader of a draw is not a vertex shader")]
    NotVertexShader,
    /// The second shader of a draw is not a pixel shader.
    #[error("the second shader of a draw is not a pixel shader")]
    NotPixelShader,
    /// The vertex shader of a draw writes no position.
    #[error("the vertex shader writes no SV_Position")]
    NoPosition,
    /// A vertex shader input no vertex attribute of the draw supplies.
    #[error("vertex shader input {semantic}{index} has no vertex attribute")]
    NoVertexAttribute {
        /// The input's semantic name.
        semantic: String,
        /// Its semantic index.
        index: u32,
    },
    /// A pixel shader input the vertex shader does not write.
    #[error("pixel shader input {semantic}{index} is not a vertex shader output")]
    NotAVertexOutput {
        /// The input's semantic name.
        semantic: String,
        /// Its semantic index.
        index: u32,
    },
    /// A signature element of no rows or more than a signature has.
    #[error("signature element '{name}' has {rows} rows (1 to {max})")]
    SignatureRows {
        /// The element's name.
        name: String,
        /// Its rows.
        rows: u32,
        /// The most an element may have.
        max: u32,
    },
    /// A render target smaller than its width, height and format say.
    #[error("the render target holds {have} bytes, {need} needed")]
    RenderTargetTooSmall {
        /// Bytes given.
        have: usize,
        /// Bytes its size takes.
        need: u64,
    },
    /// A pixel written past the render target's bytes.
    #[error("the render target is too small")]
    RenderTargetOverrun,
    /// A barrier in a vertex or pixel shader, where there is no group to wait for.
    #[error("a barrier in a vertex or pixel shader")]
    GraphicsBarrier,
}

/// What the executor does not run ([`ErrorKind::Unsupported`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UnsupportedCause {
    /// A DXIL operation.
    #[error("dx.op {name}")]
    Op {
        /// The operation's name.
        name: String,
    },
    /// A DXIL operation on a view it does not take.
    #[error("{op} on a {view:?}")]
    OpOnView {
        /// The operation's name.
        op: String,
        /// The view of the resource it was given.
        view: ResourceKind,
    },
    /// An IR construct (a type, a constant, an instruction, a call), in words.
    #[error("{0}")]
    Construct(String),
    /// Shader stages other than compute, vertex and pixel.
    #[error("{0} shaders (compute, vertex and pixel shaders run)")]
    Stage(String),
    /// A wave size outside 1 to 128 lanes.
    #[error("a wave size of {0} (1 to 128)")]
    WaveSize(u32),
    /// A wave's registers over the executor's limit.
    #[error("a register file over 256 MiB")]
    RegisterFile,
    /// A wave's private memory over the executor's limit.
    #[error("private memory over 256 MiB")]
    PrivateMemory,
    /// Group-shared and global variables over the executor's limit.
    #[error("more than 16 MiB of global memory")]
    GlobalMemory,
    /// A static sampler that reduces by minimum or maximum with linear filtering.
    #[error(
        "a static sampler (s{register}, space {space}) with minimum/maximum reduction and linear \
         filtering"
    )]
    StaticSamplerReduction {
        /// Its register.
        register: u32,
        /// Its register space.
        space: u32,
    },
    /// A draw of more vertices than the executor runs.
    #[error("a draw of {0} vertices")]
    Vertices(u32),
    /// A draw whose vertex outputs together are more than the executor keeps.
    #[error("{vertices} vertices of {values} output values each")]
    VertexOutputs {
        /// Vertices drawn.
        vertices: u32,
        /// Output values of each.
        values: u32,
    },
    /// A render target of more pixels than the executor draws into.
    #[error("a render target of {0} pixels")]
    RenderTargetPixels(u64),
    /// A draw whose triangles' bounding boxes together cover more pixel positions than the
    /// executor scans.
    #[error("a draw covering more than {0} pixel positions")]
    Coverage(u64),
    /// A triangle that would need clipping.
    #[error("a triangle with a vertex at w <= 0 (clipping is not done)")]
    Clipping,
    /// A vertex beyond the guard band (screen coordinates).
    #[error("a vertex at ({x}, {y}), beyond the guard band")]
    GuardBand {
        /// Screen x.
        x: f64,
        /// Screen y.
        y: f64,
    },
}

/// What the shader did that Direct3D leaves undefined ([`ErrorKind::Runtime`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RuntimeCause {
    /// A thread reached `unreachable`.
    #[error("thread {thread:?} reached 'unreachable' in block {block}")]
    Unreachable {
        /// The thread's `SV_DispatchThreadID`.
        thread: [u32; 3],
        /// The block (its index in the function's list of blocks).
        block: u32,
    },
    /// Divergence nested deeper than the executor follows.
    #[error("reconvergence stack over 65536 entries")]
    ReconvergenceStack,
    /// A resource handle used where a sampler is read.
    #[error("a sampler handle names no sampler")]
    NotASampler,
    /// A handle that names no bound resource.
    #[error("use of a null resource handle")]
    NullHandle,
    /// A descriptor heap index nothing is bound at.
    #[error("descriptor heap index {index} is empty ({} heap)", if *.sampler { "sampler" } else { "resource" })]
    EmptyHeapSlot {
        /// The index.
        index: u32,
        /// Whether it is the sampler heap.
        sampler: bool,
    },
}

/// An executor error (boxed: results stay one word).
#[derive(Debug)]
pub struct Error(Box<ErrorKind>);

impl Error {
    /// The error's kind.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error(Box::new(kind))
    }
}

impl From<InputCause> for Error {
    fn from(cause: InputCause) -> Self {
        ErrorKind::Input(cause).into()
    }
}

impl From<UnsupportedCause> for Error {
    fn from(cause: UnsupportedCause) -> Self {
        ErrorKind::Unsupported(cause).into()
    }
}

impl From<RuntimeCause> for Error {
    fn from(cause: RuntimeCause) -> Self {
        ErrorKind::Runtime(cause).into()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

/// The executor's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Causes print the words they always did: the command line's expected output holds them.
    #[test]
    fn causes_print_as_before() {
        let e: Error = InputCause::TooManyGroups {
            groups: 70000,
            dimension: 1,
            max: 65535,
        }
        .into();
        assert_eq!(
            e.to_string(),
            "a dispatch of 70000 thread groups in y: Direct3D dispatches at most 65535 per dimension"
        );
        let e: Error = RuntimeCause::EmptyHeapSlot {
            index: 3,
            sampler: true,
        }
        .into();
        assert_eq!(
            e.to_string(),
            "descriptor heap index 3 is empty (sampler heap)"
        );
        let e: Error = RuntimeCause::Unreachable {
            thread: [1, 0, 0],
            block: 4,
        }
        .into();
        assert_eq!(
            e.to_string(),
            "thread [1, 0, 0] reached 'unreachable' in block 4"
        );
        let e: Error = UnsupportedCause::OpOnView {
            op: "BufferLoad".into(),
            view: ResourceKind::Texture2D,
        }
        .into();
        assert_eq!(e.to_string(), "unsupported: BufferLoad on a Texture2D");
        let e: Error = UnsupportedCause::Op {
            name: "TraceRay".into(),
        }
        .into();
        assert_eq!(e.to_string(), "unsupported: dx.op TraceRay");
    }

    /// A caller tells causes apart by matching, not by reading the text.
    #[test]
    fn causes_match_by_kind() {
        let e: Error = UnsupportedCause::WaveSize(256).into();
        assert!(matches!(
            e.kind(),
            ErrorKind::Unsupported(UnsupportedCause::WaveSize(256))
        ));
        let e: Error = InputCause::NotCompute.into();
        assert!(matches!(e.kind(), ErrorKind::Input(InputCause::NotCompute)));
    }
}
