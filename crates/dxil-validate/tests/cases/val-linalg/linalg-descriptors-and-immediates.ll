; Descriptor operations on handles that are not annotated byte address buffers, layouts
; outside the enum, and operands that must be immediates but are not.
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC8M4N4U0S1 = type { i8* }
%dx.types.LinAlgMatrixC8M4N4U2S0 = type { i8* }
%dx.types.LinAlgMatrixC8M4N8U0S0 = type { i8* }
%dx.types.LinAlgMatrixC8M4N4U1S1 = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %n = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %rwb = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %rw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwb, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwb, %dx.types.ResourceProperties { i32 4106, i32 265 })
  %1 = call %dx.types.LinAlgMatrixC8M4N4U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N4U0S1(i32 -2147483634, %dx.types.Handle %rw, i32 0, i32 16, i32 0, i32 128)
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC8M4N4U0S1(i32 -2147483628, %dx.types.LinAlgMatrixC8M4N4U0S1 %1, %dx.types.Handle %rwb, i32 0, i32 16, i32 0, i32 128)
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC8M4N4U0S1(i32 -2147483628, %dx.types.LinAlgMatrixC8M4N4U0S1 %1, %dx.types.Handle %typed, i32 0, i32 16, i32 1, i32 384)
  %2 = call %dx.types.LinAlgMatrixC8M4N4U2S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N4U2S0(i32 -2147483634, %dx.types.Handle %rw, i32 0, i32 4, i32 9, i32 128)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M4N4U2S0(i32 -2147483621, %dx.types.LinAlgMatrixC8M4N4U2S0 %2, %dx.types.Handle %typed, i32 0, i32 4, i32 7, i32 384)
  %3 = call %dx.types.LinAlgMatrixC8M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N8U0S0(i32 -2147483634, %dx.types.Handle %rw, i32 0, i32 0, i32 4, i32 128)
  %4 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC8M4N8U0S0.v4f32(i32 -2147483623, %dx.types.LinAlgMatrixC8M4N8U0S0 %3, i1 false, <4 x float> zeroinitializer, i32 %n)
  %5 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC8M4N8U0S0.v4f32(i32 -2147483623, %dx.types.LinAlgMatrixC8M4N8U0S0 %3, i1 true, <4 x float> zeroinitializer, i32 23)
  %6 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC8M4N8U0S0.v4f32(i32 -2147483623, %dx.types.LinAlgMatrixC8M4N8U0S0 %3, i1 undef, <4 x float> zeroinitializer, i32 77)
  %7 = call %dx.types.LinAlgMatrixC8M4N4U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M4N4U1S1.mC8M4N4U0S1(i32 -2147483635, %dx.types.LinAlgMatrixC8M4N4U0S1 %1, i1 undef)
  ret void
}

declare %dx.types.LinAlgMatrixC8M4N4U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N4U0S1(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC8M4N4U0S1(i32, %dx.types.LinAlgMatrixC8M4N4U0S1, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M4N4U2S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N4U2S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M4N4U2S0(i32, %dx.types.LinAlgMatrixC8M4N4U2S0, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N8U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC8M4N8U0S0.v4f32(i32, %dx.types.LinAlgMatrixC8M4N8U0S0, i1, <4 x float>, i32) #0
declare %dx.types.LinAlgMatrixC8M4N4U1S1 @dx.op.linAlgCopyConvertMatrix.mC8M4N4U1S1.mC8M4N4U0S1(i32, %dx.types.LinAlgMatrixC8M4N4U0S1, i1) #0
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }

!dx.targetTypes = !{!0, !1, !2, !3}
!dx.version = !{!4}
!dx.valver = !{!4}
!dx.shaderModel = !{!5}
!dx.resources = !{!6}
!dx.entryPoints = !{!9}

!0 = !{%dx.types.LinAlgMatrixC8M4N4U0S1 undef, i32 8, i32 4, i32 4, i32 0, i32 1}
!1 = !{%dx.types.LinAlgMatrixC8M4N4U2S0 undef, i32 8, i32 4, i32 4, i32 2, i32 0}
!2 = !{%dx.types.LinAlgMatrixC8M4N8U0S0 undef, i32 8, i32 4, i32 8, i32 0, i32 0}
!3 = !{%dx.types.LinAlgMatrixC8M4N4U1S1 undef, i32 8, i32 4, i32 4, i32 1, i32 1}
!4 = !{i32 1, i32 10}
!5 = !{!"cs", i32 6, i32 10}
!6 = !{null, !7, null, null}
!7 = !{!8}
!8 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!9 = !{void ()* @main, !"main", null, !6, !10}
!10 = !{i32 0, i64 8388608, i32 4, !11}
!11 = !{i32 1, i32 1, i32 1}
