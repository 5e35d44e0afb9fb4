//! Small closed sets that every codec spells the same way: each value has one bitcode code
//! and one assembly keyword, so the reader, writer, printer and parser share one table.
//! (BitCodeFormat "FUNCTION_BLOCK contents"; LangRef "Atomic Memory Ordering Constraints",
//! "'icmp' Instruction", "'fcmp' Instruction", "'atomicrmw' Instruction", "Calling
//! Conventions", "Metadata".)

/// Declares a fieldless enum whose variants each have a code and a keyword, with the four
/// conversions both ways.
macro_rules! keyword_enum {
    (
        $(#[$doc:meta])*
        $name:ident {
            $( $(#[$vdoc:meta])* $variant:ident = $code:literal, $kw:literal; )*
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vdoc])* $variant, )*
        }

        impl $name {
            /// Every value, in code order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The bitcode code.
            #[inline]
            pub fn code(self) -> u64 {
                match self {
                    $( $name::$variant => $code, )*
                }
            }

            /// The value with bitcode code `code`.
            #[inline]
            pub fn from_code(code: u64) -> Option<Self> {
                match code {
                    $( $code => Some($name::$variant), )*
                    _ => None,
                }
            }

            /// The assembly keyword.
            #[inline]
            pub fn keyword(self) -> &'static str {
                match self {
                    $( $name::$variant => $kw, )*
                }
            }

            /// The value spelled `keyword`.
            pub fn from_keyword(keyword: &str) -> Option<Self> {
                match keyword {
                    $( $kw => Some($name::$variant), )*
                    _ => None,
                }
            }
        }
    };
}

keyword_enum! {
    /// An `fcmp` predicate (LLVM `CmpInst::Predicate` values 0-15).
    FloatPredicate {
        /// Always false.
        False = 0, "false";
        /// Ordered and equal.
        Oeq = 1, "oeq";
        /// Ordered and greater than.
        Ogt = 2, "ogt";
        /// Ordered and greater than or equal.
        Oge = 3, "oge";
        /// Ordered and less than.
        Olt = 4, "olt";
        /// Ordered and less than or equal.
        Ole = 5, "ole";
        /// Ordered and not equal.
        One = 6, "one";
        /// Ordered (no NaN).
        Ord = 7, "ord";
        /// Unordered (either NaN).
        Uno = 8, "uno";
        /// Unordered or equal.
        Ueq = 9, "ueq";
        /// Unordered or greater than.
        Ugt = 10, "ugt";
        /// Unordered or greater than or equal.
        Uge = 11, "uge";
        /// Unordered or less than.
        Ult = 12, "ult";
        /// Unordered or less than or equal.
        Ule = 13, "ule";
        /// Unordered or not equal.
        Une = 14, "une";
        /// Always true.
        True = 15, "true";
    }
}

keyword_enum! {
    /// An `icmp` predicate (LLVM `CmpInst::Predicate` values 32-41).
    IntPredicate {
        /// Equal.
        Eq = 32, "eq";
        /// Not equal.
        Ne = 33, "ne";
        /// Unsigned greater than.
        Ugt = 34, "ugt";
        /// Unsigned greater than or equal.
        Uge = 35, "uge";
        /// Unsigned less than.
        Ult = 36, "ult";
        /// Unsigned less than or equal.
        Ule = 37, "ule";
        /// Signed greater than.
        Sgt = 38, "sgt";
        /// Signed greater than or equal.
        Sge = 39, "sge";
        /// Signed less than.
        Slt = 40, "slt";
        /// Signed less than or equal.
        Sle = 41, "sle";
    }
}

/// A comparison predicate of `icmp`/`fcmp` (FUNC_CODE_INST_CMP2 and CST_CODE_CE_CMP store
/// LLVM's `CmpInst::Predicate` value; the two ranges do not overlap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Predicate {
    /// An `fcmp` predicate.
    Float(FloatPredicate),
    /// An `icmp` predicate.
    Int(IntPredicate),
}

impl Predicate {
    /// The bitcode code (`CmpInst::Predicate`).
    #[inline]
    pub fn code(self) -> u64 {
        match self {
            Predicate::Float(p) => p.code(),
            Predicate::Int(p) => p.code(),
        }
    }

    /// The predicate with bitcode code `code`.
    #[inline]
    pub fn from_code(code: u64) -> Option<Self> {
        FloatPredicate::from_code(code)
            .map(Predicate::Float)
            .or_else(|| IntPredicate::from_code(code).map(Predicate::Int))
    }

    /// The assembly keyword (`slt`, `oeq`, ...).
    #[inline]
    pub fn keyword(self) -> &'static str {
        match self {
            Predicate::Float(p) => p.keyword(),
            Predicate::Int(p) => p.keyword(),
        }
    }

    /// The predicate spelled `keyword` after `icmp` (`int`) or `fcmp`; the two instructions
    /// share some keywords (`ugt`, ...), so the instruction decides.
    pub fn from_keyword(keyword: &str, int: bool) -> Option<Self> {
        if int {
            IntPredicate::from_keyword(keyword).map(Predicate::Int)
        } else {
            FloatPredicate::from_keyword(keyword).map(Predicate::Float)
        }
    }

    /// True for an `icmp` predicate.
    #[inline]
    pub fn is_int(self) -> bool {
        matches!(self, Predicate::Int(_))
    }

    /// The instruction that takes this predicate: `icmp` or `fcmp`.
    #[inline]
    pub fn instruction(self) -> &'static str {
        if self.is_int() {
            "icmp"
        } else {
            "fcmp"
        }
    }
}

keyword_enum! {
    /// An atomic ordering (bitcode ORDERING_* codes; LangRef "Atomic Memory Ordering
    /// Constraints").
    Ordering {
        /// Not atomic (ORDERING_NOTATOMIC); never printed.
        NotAtomic = 0, "notatomic";
        /// `unordered`.
        Unordered = 1, "unordered";
        /// `monotonic`.
        Monotonic = 2, "monotonic";
        /// `acquire`.
        Acquire = 3, "acquire";
        /// `release`.
        Release = 4, "release";
        /// `acq_rel`.
        AcqRel = 5, "acq_rel";
        /// `seq_cst`.
        SeqCst = 6, "seq_cst";
    }
}

keyword_enum! {
    /// A synchronization scope (bitcode SYNCHSCOPE_* codes). Only `singlethread` is written
    /// in assembly; the cross-thread scope is the default and has no keyword.
    SyncScope {
        /// `singlethread`.
        SingleThread = 0, "singlethread";
        /// The default scope (no keyword).
        CrossThread = 1, "";
    }
}

keyword_enum! {
    /// An `atomicrmw` operation (bitcode RMW_* codes).
    RmwOp {
        /// `xchg`.
        Xchg = 0, "xchg";
        /// `add`.
        Add = 1, "add";
        /// `sub`.
        Sub = 2, "sub";
        /// `and`.
        And = 3, "and";
        /// `nand`.
        Nand = 4, "nand";
        /// `or`.
        Or = 5, "or";
        /// `xor`.
        Xor = 6, "xor";
        /// `max` (signed).
        Max = 7, "max";
        /// `min` (signed).
        Min = 8, "min";
        /// `umax`.
        UMax = 9, "umax";
        /// `umin`.
        UMin = 10, "umin";
    }
}

keyword_enum! {
    /// A calling convention with an assembly keyword (LLVM 3.7 `CallingConv::ID`). Other
    /// numbers are legal and are written `ccN`; the IR keeps the raw number.
    CallingConv {
        /// `ccc`, the default.
        C = 0, "ccc";
        /// `fastcc`.
        Fast = 8, "fastcc";
        /// `coldcc`.
        Cold = 9, "coldcc";
        /// `ghccc`.
        Ghc = 10, "ghccc";
        /// `webkit_jscc`.
        WebKitJs = 12, "webkit_jscc";
        /// `anyregcc`.
        AnyReg = 13, "anyregcc";
        /// `preserve_mostcc`.
        PreserveMost = 14, "preserve_mostcc";
        /// `preserve_allcc`.
        PreserveAll = 15, "preserve_allcc";
        /// `x86_stdcallcc`.
        X86StdCall = 64, "x86_stdcallcc";
        /// `x86_fastcallcc`.
        X86FastCall = 65, "x86_fastcallcc";
        /// `arm_apcscc`.
        ArmApcs = 66, "arm_apcscc";
        /// `arm_aapcscc`.
        ArmAapcs = 67, "arm_aapcscc";
        /// `arm_aapcs_vfpcc`.
        ArmAapcsVfp = 68, "arm_aapcs_vfpcc";
        /// `msp430_intrcc`.
        Msp430Intr = 69, "msp430_intrcc";
        /// `x86_thiscallcc`.
        X86ThisCall = 70, "x86_thiscallcc";
        /// `ptx_kernel`.
        PtxKernel = 71, "ptx_kernel";
        /// `ptx_device`.
        PtxDevice = 72, "ptx_device";
        /// `spir_func`.
        SpirFunc = 75, "spir_func";
        /// `spir_kernel`.
        SpirKernel = 76, "spir_kernel";
        /// `intel_ocl_bicc`.
        IntelOclBi = 77, "intel_ocl_bicc";
        /// `x86_64_sysvcc`.
        X86_64SysV = 78, "x86_64_sysvcc";
        /// `x86_64_win64cc`.
        X86_64Win64 = 79, "x86_64_win64cc";
        /// `x86_vectorcallcc`.
        X86VectorCall = 80, "x86_vectorcallcc";
    }
}

keyword_enum! {
    /// The metadata kinds LLVM 3.7 registers in every context with fixed ids (`LLVMContext`
    /// `MD_*`); a module's own kinds take the ids after them. The code is the fixed id.
    FixedMetadataKind {
        /// `!dbg`.
        Dbg = 0, "dbg";
        /// `!tbaa`.
        Tbaa = 1, "tbaa";
        /// `!prof`.
        Prof = 2, "prof";
        /// `!fpmath`.
        FpMath = 3, "fpmath";
        /// `!range`.
        Range = 4, "range";
        /// `!tbaa.struct`.
        TbaaStruct = 5, "tbaa.struct";
        /// `!invariant.load`.
        InvariantLoad = 6, "invariant.load";
        /// `!alias.scope`.
        AliasScope = 7, "alias.scope";
        /// `!noalias`.
        NoAlias = 8, "noalias";
        /// `!nontemporal`.
        NonTemporal = 9, "nontemporal";
        /// `!llvm.mem.parallel_loop_access`.
        MemParallelLoopAccess = 10, "llvm.mem.parallel_loop_access";
        /// `!nonnull`.
        NonNull = 11, "nonnull";
        /// `!dereferenceable`.
        Dereferenceable = 12, "dereferenceable";
        /// `!dereferenceable_or_null`.
        DereferenceableOrNull = 13, "dereferenceable_or_null";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for p in FloatPredicate::ALL {
            assert_eq!(FloatPredicate::from_code(p.code()), Some(*p));
            assert_eq!(FloatPredicate::from_keyword(p.keyword()), Some(*p));
        }
        for p in IntPredicate::ALL {
            let q = Predicate::Int(*p);
            assert_eq!(Predicate::from_code(q.code()), Some(q));
            assert_eq!(Predicate::from_keyword(q.keyword(), true), Some(q));
        }
        assert_eq!(Predicate::from_code(16), None);
        assert_eq!(Predicate::from_code(42), None);
        assert_eq!(
            Predicate::from_keyword("ugt", false),
            Some(Predicate::Float(FloatPredicate::Ugt))
        );
        for (i, k) in FixedMetadataKind::ALL.iter().enumerate() {
            assert_eq!(k.code(), i as u64);
        }
        assert_eq!(RmwOp::from_keyword("umin").map(RmwOp::code), Some(10));
        assert_eq!(Ordering::from_code(7), None);
        assert_eq!(CallingConv::from_code(11), None);
        assert_eq!(CallingConv::Fast.keyword(), "fastcc");
    }
}
