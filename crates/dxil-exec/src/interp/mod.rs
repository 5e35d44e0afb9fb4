//! The interpreter: the lanes of a wave run one compiled function together, SIMT style. Each
//! instruction runs for every active lane; at a divergent branch the lanes split into groups
//! that run one after another and meet again at the branch's immediate post-dominator (a
//! reconvergence stack), so wave and quad operations see the lanes a GPU would. A wave
//! runs until it finishes or reaches a group barrier (D3D: every thread of the group waits
//! there).

pub(crate) mod alu;
pub(crate) mod buffer;
pub(crate) mod dxop;
mod exec;
pub(crate) mod float;
pub(crate) mod math;
pub(crate) mod mem;
pub(crate) mod texops;
mod trace;
mod wave;
pub(crate) mod waveop;

use std::io::Write;

use crate::compile::Compiled;
use crate::resource::Bindings;

pub(crate) use exec::rmw;
pub(crate) use wave::Wave;

/// A lane mask (waves of up to 128 lanes).
pub(crate) type Mask = u128;

/// Runs `$body` with `$l` bound to each lane of `$mask` in order.
macro_rules! for_lanes {
    ($mask:expr, $l:ident, $body:block) => {{
        let mut __m: $crate::interp::Mask = $mask;
        while __m != 0 {
            let $l = __m.trailing_zeros() as usize;
            __m &= __m - 1;
            $body
        }
    }};
}
pub(crate) use for_lanes;

/// Why a wave stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Done,
    Barrier,
}

/// What a dispatch shares among the waves it runs.
pub(crate) struct Ctx<'a> {
    pub(crate) prog: &'a Compiled,
    pub(crate) bindings: &'a mut Bindings,
    pub(crate) shared: &'a mut [u8],
    pub(crate) executed: &'a mut u64,
    pub(crate) budget: u64,
    pub(crate) group_id: [u32; 3],
    pub(crate) trace: &'a mut dyn Write,
}
