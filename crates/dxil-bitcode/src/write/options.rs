//! Writer options and their inference from a module read from bitcode.

use dxil_ir::Module;

use super::enumerate::{compute, Enumerated, Orders, Proven};
use super::scratch::Scratch;

/// Writer options (the parameters of LLVM 3.7's `WriteBitcodeToFile`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// `ShouldPreserveUseListOrder`: constants keep their first-use order (no
    /// `OptimizeConstants`) and use-list blocks are written. DXC sets it for the `ILDB`
    /// module and when it re-serializes a module after stripping metadata; it clears it for
    /// the stripped `DXIL` module and `STAT`.
    pub preserve_use_list_order: bool,
}

impl WriteOptions {
    /// The options the producer of `m` used, as far as the IR shows them: the option recorded
    /// in the module ([`Module::preserve_use_list_order`]) or use-list records mean
    /// `preserve_use_list_order`; otherwise the flag is chosen whose constant order
    /// equals the order the IR keeps (the reader keeps the producer's order); a module built
    /// by hand (keeping no constant order) gets the default (DXC's `DXIL` part setting).
    pub fn infer(m: &Module) -> WriteOptions {
        match Proven::check(m) {
            Ok(p) => infer_with_orders(p, &mut Scratch::default()).0,
            Err(_) => WriteOptions {
                preserve_use_list_order: preserved(m),
            },
        }
    }

    /// [`WriteOptions::infer`], recorded in `m` ([`Module::preserve_use_list_order`]) so that
    /// it survives what forgets the kept constant order: a copy through the IR builder
    /// (`dxil_ir::build::copy_module` carries the setting) writes as the original did.
    pub fn record_inferred(m: &mut Module) -> WriteOptions {
        let options = WriteOptions::infer(m);
        m.preserve_use_list_order |= options.preserve_use_list_order;
        options
    }
}

/// [`WriteOptions::infer`], also returning the orders for the chosen options when they were
/// computed on the way.
pub(crate) fn infer_with_orders(
    p: Proven<'_>,
    s: &mut Scratch,
) -> (WriteOptions, Option<Enumerated>) {
    let m = p.module();
    if preserved(m) {
        let options = WriteOptions {
            preserve_use_list_order: true,
        };
        return (options, None);
    }
    // A module that keeps no constant order (one made by a builder) gets the default
    // option; the orders for it are the ones computed here, so writing needs no second pass.
    let keeps_none = m.module_constants.is_empty()
        && m.functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .all(|b| b.constants.is_empty());
    if keeps_none {
        return (WriteOptions::default(), compute(p, false, s).ok());
    }
    let kept = |o: &Orders| {
        o.module_constants == m.module_constants
            && m.functions.iter().zip(&o.bodies).all(|(f, b)| {
                f.body
                    .as_ref()
                    .is_none_or(|body| body.constants == b.constants)
            })
    };
    // The default option's orders serve the fallback too.
    let mut default_orders = None;
    for preserve in [false, true] {
        if let Ok(o) = compute(p, preserve, s) {
            if kept(&o.orders) {
                if let Some(d) = default_orders.take() {
                    s.recycle(d);
                }
                let options = WriteOptions {
                    preserve_use_list_order: preserve,
                };
                return (options, Some(o));
            }
            if preserve {
                s.recycle(o);
            } else {
                default_orders = Some(o);
            }
        }
    }
    (WriteOptions::default(), default_orders)
}

/// Whether the option is recorded in `m` or shown by its use-list records.
fn preserved(m: &Module) -> bool {
    m.preserve_use_list_order
        || !m.uselists.is_empty()
        || m.functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .any(|b| !b.uselists.is_empty())
}
