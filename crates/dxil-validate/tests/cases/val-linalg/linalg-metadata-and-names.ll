; Matrix types whose dx.targetTypes tuple is missing, malformed, or names values outside the
; enums (printed "Unknown ..."), and undef operands of the parameter-only operations.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.LinAlgMatrixC99M4N4U0S7 = type { i8* }
%dx.types.LinAlgMatrixC8M4N4U9S1 = type { i8* }
%dx.types.LinAlgMatrixC8M4N4U2S0 = type { i8* }
%dx.types.LinAlgMatrixC8M2N2U0S1 = type { i8* }
%dx.types.LinAlgMatrixBad = type { i8* }

define void @main() {
  %1 = call %dx.types.LinAlgMatrixC99M4N4U0S7 @dx.op.linAlgFillMatrix.mC99M4N4U0S7.i32(i32 -2147483636, i32 1)
  %2 = call i32 @dx.op.linAlgMatrixLength.mC99M4N4U0S7(i32 -2147483632, %dx.types.LinAlgMatrixC99M4N4U0S7 %1)
  %3 = call %dx.types.LinAlgMatrixC8M4N4U9S1 @dx.op.linAlgFillMatrix.mC8M4N4U9S1.i32(i32 -2147483636, i32 undef)
  %4 = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC8M4N4U9S1(i32 -2147483631, %dx.types.LinAlgMatrixC8M4N4U9S1 %3, i32 0)
  %5 = call %dx.types.LinAlgMatrixBad @dx.op.linAlgFillMatrix.mBad.i32(i32 -2147483636, i32 1)
  %6 = call float @dx.op.linAlgMatrixGetElement.f32.mBad(i32 -2147483630, %dx.types.LinAlgMatrixBad %5, i32 1)
  %7 = call %dx.types.LinAlgMatrixC8M4N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M4N4U2S0.v4f32.v4f32(i32 -2147483619, <4 x float> undef, <4 x float> zeroinitializer)
  %8 = call <4 x float> @dx.op.linAlgConvert.v4f32.v4f32(i32 -2147483618, <4 x float> undef, i32 9, i32 9)
  %9 = call %dx.types.LinAlgMatrixC8M2N2U0S1 @dx.op.linAlgFillMatrix.mC8M2N2U0S1.i32(i32 -2147483636, i32 1)
  %10 = call i32 @dx.op.linAlgMatrixLength.mC8M2N2U0S1(i32 -2147483632, %dx.types.LinAlgMatrixC8M2N2U0S1 %9)
  ret void
}

declare %dx.types.LinAlgMatrixC99M4N4U0S7 @dx.op.linAlgFillMatrix.mC99M4N4U0S7.i32(i32, i32) #0
declare i32 @dx.op.linAlgMatrixLength.mC99M4N4U0S7(i32, %dx.types.LinAlgMatrixC99M4N4U0S7) #0
declare %dx.types.LinAlgMatrixC8M4N4U9S1 @dx.op.linAlgFillMatrix.mC8M4N4U9S1.i32(i32, i32) #0
declare <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC8M4N4U9S1(i32, %dx.types.LinAlgMatrixC8M4N4U9S1, i32) #0
declare %dx.types.LinAlgMatrixBad @dx.op.linAlgFillMatrix.mBad.i32(i32, i32) #0
declare float @dx.op.linAlgMatrixGetElement.f32.mBad(i32, %dx.types.LinAlgMatrixBad, i32) #0
declare %dx.types.LinAlgMatrixC8M4N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M4N4U2S0.v4f32.v4f32(i32, <4 x float>, <4 x float>) #0
declare <4 x float> @dx.op.linAlgConvert.v4f32.v4f32(i32, <4 x float>, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M2N2U0S1 @dx.op.linAlgFillMatrix.mC8M2N2U0S1.i32(i32, i32) #0
declare i32 @dx.op.linAlgMatrixLength.mC8M2N2U0S1(i32, %dx.types.LinAlgMatrixC8M2N2U0S1) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2, !3, !8, !9}
!dx.version = !{!4}
!dx.valver = !{!4}
!dx.shaderModel = !{!5}
!dx.entryPoints = !{!6}

!0 = !{%dx.types.LinAlgMatrixC99M4N4U0S7 undef, i32 99, i32 4, i32 4, i32 0, i32 7}
!1 = !{%dx.types.LinAlgMatrixC8M4N4U9S1 undef, i32 8, i32 4, i32 4, i32 9, i32 1}
!2 = !{%dx.types.LinAlgMatrixBad undef, i32 8, i32 4, i32 4, float 0.0, i32 1}
!3 = !{%dx.types.LinAlgMatrixC8M4N4U2S0 undef, i32 8, i32 4, i32 4, i32 2, i32 0}
!8 = !{%dx.types.LinAlgMatrixC8M2N2U0S1 undef, i32 8, i32 2, i32 2, i32 0, i32 1}
!9 = !{%dx.types.LinAlgMatrixC8M2N2U0S1 undef, i32 8, i32 8, i32 8, i32 0, i32 1}
!4 = !{i32 1, i32 10}
!5 = !{!"cs", i32 6, i32 10}
!6 = !{void ()* @main, !"main", null, null, !7}
!7 = !{i32 0, i64 8388608, i32 4, !10}
!10 = !{i32 1, i32 1, i32 1}
