//! Outputs left unwritten (`ValidateUninitializedOutput`; DXIL.rst SM.UNDEFINEDOUTPUT,
//! SM.COMPLETEPOSITION): every column of a system value output must be stored by the entry
//! (hull shaders: their patch constant system values), and a declared position is written
//! whole, per active GS stream.

use dxil_container::ShaderKind;
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;

use super::sig_model::{sem, SigState};

/// Every entry, in function order.
pub(crate) fn validate(ctx: &mut Ctx) {
    let st = SigState::take(ctx);
    for e in &st.entries {
        let f = e.function;
        let all = |cols: u32| 1u32.wrapping_shl(cols).wrapping_sub(1);
        if e.kind == ShaderKind::Hull {
            // The status holds one entry per element, in element order.
            for (el, &written) in e.patch().elements.iter().zip(&e.status.patch_cols) {
                if written != all(el.cols()) && el.kind != sem::ARBITRARY {
                    ctx.fn_error(f, R::SmUndefinedOutput, &[el.name]);
                }
            }
            continue;
        }
        for (el, &written) in e.output().elements.iter().zip(&e.status.output_cols) {
            if written != all(el.cols()) && el.kind != sem::ARBITRARY && el.kind != sem::TARGET {
                ctx.fn_error(f, R::SmUndefinedOutput, &[el.name]);
            }
        }
        let streams = if e.kind == ShaderKind::Geometry {
            e.stream_mask()
        } else {
            1
        };
        for s in 0..4 {
            if streams & (1 << s) != 0
                && e.status.has_position[s]
                && e.status.position_mask[s] != 0xf
            {
                ctx.fn_error(f, R::SmCompletePosition, &[]);
            }
        }
    }
    st.put(ctx);
}
