//! `dxil info F... [--json] [-o OUT]`: what is in each container ([`dxil::info`]): parts,
//! shader kind and model, DXIL version, digest status, HASH status, feature flags.
//! Containers without a `DXIL` part (SM4/SM5 DXBC, root signature only) are described too;
//! damaged typed parts are reported, not fatal.

use super::CmdResult;
use crate::io::{Report, ReportArgs};

/// Arguments of `dxil info`: the inputs, `--json`, `-o`.
pub type Args = ReportArgs;

/// Runs `dxil info`.
pub fn run(args: Args) -> CmdResult {
    args.run(|_, bytes| {
        let info = dxil::info(bytes)?;
        Ok(Report {
            text: info.to_string(),
            json: serde_json::to_value(&info)?,
            ok: true,
        })
    })
}
