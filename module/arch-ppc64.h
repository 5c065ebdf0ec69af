/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ppc64 (little-endian, ELFv2, with a TOC: Debian's ppc64el kernels,
 * 4 KiB and 64 KiB pages alike): the syscall entry points sys_* take the
 * user registers (ARCH_HAS_SYSCALL_WRAPPER).  Debian's kernels are built
 * without CONFIG_COMPAT; fattr hooks no compat entry points here.
 * ftrace is DYNAMIC_FTRACE_WITH_REGS and WITH_ARGS, -mprofile-kernel,
 * the ftrace site after the global entry's TOC setup; from 6.13 it
 * branches to an out-of-line stub (PPC_FTRACE_OUT_OF_LINE).
 */
#ifndef _FATTR_ARCH_PPC64_H
#define _FATTR_ARCH_PPC64_H

#include <linux/compiler.h>
#include <linux/ptrace.h>
#include <linux/syscalls.h>	/* __MAP(), <asm/syscall_wrapper.h> */
#include <linux/types.h>

#if !defined(CONFIG_PPC64_ELF_ABI_V2) || defined(CONFIG_PPC_KERNEL_PCREL)
#error "fattr supports ppc64 ELFv2 kernels that use a TOC only"
#endif
/*
 * With livepatch, ftrace sends a changed nip through livepatch_handler,
 * which pushes onto the task's livepatch stack and expects the function
 * it calls to return through LR to its pop: the trampoline below returns
 * through r0 and would leave it growing at every call.
 */
#ifdef CONFIG_LIVEPATCH_64
#error "fattr does not support ppc64 kernels with CONFIG_LIVEPATCH"
#endif
#ifdef CONFIG_COMPAT
#error "fattr does not hook the ppc64 compat entry points"
#endif

#define FATTR_ARCH_SYS(name)		"sys_" name

/*
 * The entry points read the arguments with SC_POWERPC_REGS_TO_ARGS(),
 * from gpr 3 to 8 (orig_gpr3 is gpr 3 at entry, kept for restarts; on
 * 7.x the ftrace regs' orig_gpr3 marks direct calls: never written).
 */
#ifndef SC_POWERPC_REGS_TO_ARGS
#error "fattr needs SC_POWERPC_REGS_TO_ARGS() of <asm/syscall_wrapper.h>"
#endif

static __always_inline unsigned long
fattr_arch_syscall_arg(const struct pt_regs *regs, int n, bool compat)
{
	const unsigned long args[] = { SC_POWERPC_REGS_TO_ARGS(6) };

	return args[n];
}

/*
 * Redirecting a traced function to module code.
 *
 * Setting the ftrace regs' nip is not enough on powerpc64: when the
 * callback returns, ftrace_regs_caller (ftrace_entry.S) restores r3-r10
 * (all GPRs with SAVE_REGS), sets r0 = regs->link (the return address
 * into the caller, here system_call_exception()), reloads r2 with the
 * TOC the traced function had (the kernel's) and then
 *   6.12, inline -mprofile-kernel site:  mtctr nip; mtlr r0; bctr
 *   6.13+/7.x, PPC_FTRACE_OUT_OF_LINE:  mtlr nip; blr
 * So the new nip is entered with r2 = kernel TOC, r12 = whatever
 * regs->gpr[12] holds, and on 7.x even LR = nip, not the return address.
 * A C function of the module would compute a wrong TOC from r12 at its
 * global entry, and on 7.x would return to itself.  Upstream handles
 * this only for livepatch (livepatch_handler), which Debian disables.
 *
 * So nip is set to a trampoline instead, which relies only on what both
 * versions guarantee:
 *   r0  = return address into the caller (regs->link)
 *   r1  = the caller's stack pointer (ftrace's frames are popped)
 *   r2  = the kernel's TOC
 *   r3  = the traced function's first argument (const struct pt_regs *)
 * It stores r0 in the caller's LR save doubleword (ELFv2: 16(r1) belongs
 * to the callee), makes a minimal frame and keeps the kernel's TOC in its
 * TOC save doubleword, computes the module's TOC pointer itself from its
 * own address ("bcl 20,31" is the form that leaves the link stack
 * balanced; the 64-bit offset to .TOC. is the large code model's, as the
 * module's own global entry points have it, a REL64 relocation that
 * module_64.c resolves to this module's TOC: module text and TOC are
 * separate allocations, beyond the reach of addis/addi), calls the C
 * function directly at its local entry (same module, same TOC: no stub,
 * no TOC-restore nop needed), restores r2 and LR and returns to the
 * caller with the C function's r3.
 * Restoring r2 is not strictly needed for system_call_exception(),
 * which reloads it with "ld r2,24(r1)" after its bctrl, but keeps the
 * ELFv2 rule that r2 is preserved across a local call.
 * No symbol is used but .TOC. (module-local); nothing needs exporting.
 *
 * FATTR_ARCH_TRAMPOLINE(entry, fn) defines entry for a
 * "long fn(const struct pt_regs *)" of the same file (fn may be static;
 * it must be __used and noinline, so that it keeps its name and ABI: a
 * clone under another name would fail the build at modpost).  entry is
 * declared as code, not as a C function: it returns through r0, so that
 * a C call of it would return to wherever r0 points.  The callback sets
 * the instruction pointer to it (FATTR_ARCH_ENTRY()).
 */
#define FATTR_ARCH_TRAMPOLINE(entry, fn)				\
	extern const u32 entry[];					\
	asm("	.pushsection .text, \"ax\", @progbits\n"		\
	    "	.balign 8\n"						\
	    "	.type " #entry ", @function\n"				\
		#entry ":\n"						\
	    "	std	0, 16(1)\n"	/* the return address */	\
	    "	stdu	1, -32(1)\n"	/* ELFv2 minimal frame */	\
	    "	std	2, 24(1)\n"	/* the kernel's TOC */		\
	    "	bcl	20, 31, 1f\n"					\
	    "1:	mflr	12\n"						\
	    "	ld	2, (2f - 1b)(12)\n"				\
	    "	add	2, 2, 12\n"					\
	    "	bl	" #fn "\n"	/* r3: the user registers */	\
	    "	ld	2, 24(1)\n"					\
	    "	addi	1, 1, 32\n"					\
	    "	ld	0, 16(1)\n"					\
	    "	mtlr	0\n"						\
	    "	blr\n"							\
	    "	.balign 8\n"						\
	    "2:	.quad	.TOC. - 1b\n"					\
	    "	.size " #entry ", . - " #entry "\n"			\
	    "	.popsection\n")
#define FATTR_ARCH_ENTRY(entry, fn)	((unsigned long)(entry))

#endif /* _FATTR_ARCH_PPC64_H */
