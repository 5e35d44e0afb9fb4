//! The executor's error: a kind, and where in the shader it happened when known.

use std::fmt;

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// The input is not a module this executor can read.
    #[error("{0}")]
    Input(String),
    /// A construct the executor does not run, named.
    #[error("unsupported: {0}")]
    Unsupported(String),
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
    Runtime(String),
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

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

/// The executor's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;
