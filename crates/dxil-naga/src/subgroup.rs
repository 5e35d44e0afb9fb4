//! Subgroup operations as wave intrinsics (DXIL.rst "WaveActiveBallot", "WaveActiveOp",
//! "WaveActiveBit", "WavePrefixOp", "WaveAllTrue", "WaveAnyTrue", "WaveReadLaneAt",
//! "WaveReadLaneFirst", "QuadReadLaneAt", "QuadOp"), leaf by leaf.

use naga::{CollectiveOperation as C, GatherMode as G, Handle, ScalarKind, SubgroupOperation as O};

use crate::error::{Error, Result};
use crate::lower::{Lowerer, Val};
use crate::Value;

impl Lowerer<'_, '_> {
    /// `subgroupBallot`: the four 32-bit words of the wave's ballot.
    pub fn subgroup_ballot(
        &mut self,
        result: Handle<naga::Expression>,
        predicate: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        let c = match predicate {
            Some(p) => self.scalar(p)?,
            None => {
                let i1 = self.int_ty(1);
                self.cint(i1, 1)?
            }
        };
        let r = self.e.wave_active_ballot(&[], c)?;
        let mut out = Vec::with_capacity(4);
        for i in 0..4 {
            out.push(self.fb().extract_value(r, &[i])?);
        }
        self.set(result, Val::S(out));
        Ok(())
    }

    /// Reductions and scans.
    pub fn subgroup_collective(
        &mut self,
        op: O,
        collective: C,
        argument: Handle<naga::Expression>,
        result: Handle<naga::Expression>,
    ) -> Result<()> {
        let s = self.scalar_of(argument)?;
        let v = self.scalars(argument)?;
        // WaveOpKind: Sum 0, Product 1, Min 2, Max 3; SignedOpKind: Signed 0, Unsigned 1;
        // WaveBitOpKind: And 0, Or 1, Xor 2.
        let sop = u8::from(s.kind == ScalarKind::Uint);
        let mut out = Vec::with_capacity(v.len());
        for x in v {
            out.push(match (op, collective) {
                (O::All, C::Reduce) => self.e.wave_all_true(&[], x)?,
                (O::Any, C::Reduce) => self.e.wave_any_true(&[], x)?,
                (O::Add | O::Mul | O::Min | O::Max, C::Reduce) => {
                    let k = match op {
                        O::Add => 0u8,
                        O::Mul => 1,
                        O::Min => 2,
                        _ => 3,
                    };
                    self.e.wave_active_op(&[], x, k, sop)?
                }
                (O::And | O::Or | O::Xor, C::Reduce) => {
                    let k = match op {
                        O::And => 0u8,
                        O::Or => 1,
                        _ => 2,
                    };
                    self.e.wave_active_bit(&[], x, k)?
                }
                (O::Add | O::Mul, C::ExclusiveScan | C::InclusiveScan) => {
                    let k = u8::from(op == O::Mul);
                    let p = self.e.wave_prefix_op(&[], x, k, sop)?;
                    if collective == C::InclusiveScan {
                        let b = if op == O::Add {
                            naga::BinaryOperator::Add
                        } else {
                            naga::BinaryOperator::Multiply
                        };
                        self.scalar_binary(b, s, p, x)?
                    } else {
                        p
                    }
                }
                _ => {
                    return Err(Error::unsupported(
                        format!("SubgroupCollectiveOperation {op:?} {collective:?}"),
                        "DXIL has no such wave operation",
                    ))
                }
            });
        }
        self.set(result, Val::S(out));
        Ok(())
    }

    /// Broadcasts, shuffles and quad operations.
    pub fn subgroup_gather(
        &mut self,
        mode: G,
        argument: Handle<naga::Expression>,
        result: Handle<naga::Expression>,
    ) -> Result<()> {
        let v = self.scalars(argument)?;
        let lane = match mode {
            G::Broadcast(h) | G::Shuffle(h) | G::QuadBroadcast(h) => Some(self.scalar(h)?),
            G::ShuffleDown(h) | G::ShuffleUp(h) | G::ShuffleXor(h) => {
                let d = self.scalar(h)?;
                let me = self.e.wave_get_lane_index(&[])?;
                Some(match mode {
                    G::ShuffleDown(_) => self.fb().add(me, d)?,
                    G::ShuffleUp(_) => self.fb().sub(me, d)?,
                    _ => self.fb().xor(me, d)?,
                })
            }
            _ => None,
        };
        let mut out: Vec<Value> = Vec::with_capacity(v.len());
        for x in v {
            out.push(match (mode, lane) {
                (G::BroadcastFirst, _) => self.e.wave_read_lane_first(&[], x)?,
                (G::QuadBroadcast(_), Some(l)) => self.e.quad_read_lane_at(&[], x, l)?,
                (G::QuadSwap(d), _) => {
                    // QuadOpKind: ReadAcrossX 0, ReadAcrossY 1, ReadAcrossDiagonal 2.
                    let k = match d {
                        naga::Direction::X => 0u8,
                        naga::Direction::Y => 1,
                        naga::Direction::Diagonal => 2,
                    };
                    self.e.quad_op(&[], x, k)?
                }
                (_, Some(l)) => self.e.wave_read_lane_at(&[], x, l)?,
                (m, None) => {
                    return Err(Error::unsupported(
                        format!("SubgroupGather {}", crate::error::variant_name(&m)),
                        "no lane",
                    ))
                }
            });
        }
        self.set(result, Val::S(out));
        Ok(())
    }
}
