//! The typed operation list: [`DxOp`], one variant per operation of the database, with its
//! operands as named fields in database order (DXIL.rst, "Operations"). Generated from
//! [`crate::for_each_dx_op!`], so it lists exactly the operations of `dxil-db.json`.

use dxil_ir::ValueRef;

use crate::{OpCode, OpInfo, Operand, CORE_OPS, EXPERIMENTAL_OPS};

macro_rules! define_dx_op {
    ($($op:ident($method:ident) = $code:literal, $name:literal, $class:literal, $ret:literal
        => { $($field:ident : $ty:literal $is_const:tt),* };)*) => {
        /// One DXIL operation with its operands (the arguments after the opcode), named as
        /// the database names them. `V` is what an operand is: a [`ValueRef`] for a decoded
        /// call, anything else for tools that build or rewrite calls.
        ///
        /// ```
        /// use dxil_ops::DxOp;
        /// let op = DxOp::BufferLoad { srv: 'h', index: 'i', wot: 'w' };
        /// assert_eq!(op.opcode(), 68);
        /// assert_eq!(op.info().function(), "dx.op.bufferLoad");
        /// let names: Vec<_> = op.operands().map(|(o, v)| (o.name(), *v)).collect();
        /// assert_eq!(names, [("srv", 'h'), ("index", 'i'), ("wot", 'w')]);
        /// ```
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum DxOp<V = ValueRef> {
            $(
                #[doc = concat!("`", $name, "` (opcode ", stringify!($code), ", class `", $class,
                    "`, returns `", $ret, "`).")]
                $op {
                    $(
                        #[doc = concat!("`", stringify!($field), "`: database type `", $ty, "`",
                            dx_op_const_note!($is_const), ".")]
                        $field: V,
                    )*
                },
            )*
        }

        impl<V> DxOp<V> {
            /// The opcode: the first argument of the call.
            pub const fn opcode(&self) -> u32 {
                match self {
                    $(DxOp::$op { .. } => $code,)*
                }
            }

            /// The opcode as the [`OpCode`] enum.
            pub const fn code(&self) -> OpCode {
                match self {
                    $(DxOp::$op { .. } => OpCode::$op,)*
                }
            }

            /// The `index`-th operand after the opcode, in database order.
            pub fn operand(&self, index: usize) -> Option<&V> {
                match self {
                    $(DxOp::$op { $($field),* } => {
                        let all: &[&V] = &[$($field),*];
                        all.get(index).copied()
                    })*
                }
            }

            /// The operand values in database order, mutable.
            pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&'static Operand, &mut V)) {
                let ops = &self.info().operands()[2..];
                let mut i = 0;
                match self {
                    $(DxOp::$op { $($field),* } => {
                        $(
                            if let Some(o) = ops.get(i) {
                                f(o, $field);
                            }
                            i += 1;
                        )*
                    })*
                }
                let _ = i;
            }

            /// Builds the operation of `opcode` from the arguments after the opcode, in order;
            /// `None` for an unknown opcode or a wrong number of arguments.
            pub fn from_args(opcode: u32, args: &[V]) -> Option<DxOp<V>>
            where
                V: Clone,
            {
                let mut it = args.iter().cloned();
                let op = match opcode {
                    $($code => DxOp::$op { $($field: it.next()?),* },)*
                    _ => return None,
                };
                match it.next() {
                    Some(_) => None,
                    None => Some(op),
                }
            }

            /// The same operation with every operand mapped through `f`, in database order.
            pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> DxOp<W> {
                match self {
                    $(DxOp::$op { $($field),* } => DxOp::$op { $($field: f($field)),* },)*
                }
            }
        }
    };
}

macro_rules! dx_op_const_note {
    (true) => {
        ", a constant"
    };
    (false) => {
        ""
    };
}

for_each_dx_op!(define_dx_op);

impl<V> DxOp<V> {
    /// The operation's entry in the database tables.
    pub fn info(&self) -> &'static OpInfo {
        let code = self.opcode();
        let table: &'static [OpInfo] = if code >> 16 == 0 {
            &CORE_OPS
        } else {
            &EXPERIMENTAL_OPS
        };
        // Both tables and this enum come from the same database run, so every opcode has its
        // row (checked by this module's tests).
        &table[(code & 0xffff) as usize]
    }

    /// The operation's name (`BufferLoad`).
    pub fn name(&self) -> &'static str {
        self.info().name()
    }

    /// Number of operands after the opcode.
    pub fn operand_count(&self) -> usize {
        self.info().operands().len().saturating_sub(2)
    }

    /// The operands after the opcode in database order, each with its database entry.
    pub fn operands(&self) -> Operands<'_, V> {
        Operands { op: self, next: 0 }
    }
}

/// Iterator over an operation's operands: see [`DxOp::operands`].
#[derive(Clone, Debug)]
pub struct Operands<'a, V> {
    op: &'a DxOp<V>,
    next: usize,
}

impl<'a, V> Iterator for Operands<'a, V> {
    type Item = (&'static Operand, &'a V);

    fn next(&mut self) -> Option<Self::Item> {
        let value = self.op.operand(self.next)?;
        let entry = self.op.info().operands().get(self.next + 2)?;
        self.next += 1;
        Some((entry, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_row_has_its_variant() {
        let mut n = 0;
        for info in CORE_OPS.iter().chain(EXPERIMENTAL_OPS.iter()) {
            let args = vec![(); info.operands().len() - 2];
            let op = DxOp::from_args(info.opcode, &args).expect("variant");
            assert_eq!(op.info(), info);
            assert_eq!(op.code() as u32, info.opcode);
            assert_eq!(op.operands().count(), args.len());
            assert!(DxOp::from_args(info.opcode, &vec![(); args.len() + 1]).is_none());
            n += 1;
        }
        assert_eq!(n, 347);
        assert!(DxOp::<()>::from_args(0x1_0000, &[]).is_none());
    }

    #[test]
    fn fields_in_database_order() {
        let op = DxOp::StoreOutput {
            output_sig_id: 1,
            row_index: 2,
            col_index: 3,
            value: 4,
        };
        let seen: Vec<_> = op.operands().map(|(o, v)| (o.name(), *v)).collect();
        assert_eq!(
            seen,
            [
                ("outputSigId", 1),
                ("rowIndex", 2),
                ("colIndex", 3),
                ("value", 4)
            ]
        );
        let mut doubled = op.map(|v| v * 2);
        doubled.for_each_operand_mut(|_, v| *v += 1);
        assert_eq!(doubled.operand(3), Some(&9));
    }
}
