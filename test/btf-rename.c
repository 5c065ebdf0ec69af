// SPDX-License-Identifier: GPL-2.0
/*
 * fattr-btf-rename IN OUT OLD NEW: copies the BTF file IN to OUT with
 * every string OLD of its string section renamed NEW (as long), so that
 * a member or enumerator of that name is no longer there: the test-only
 * btf_path of test/vm-refuse.sh loads fattr on a kernel whose BTF lacks
 * it.  Exits 1 if IN holds no such string.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* struct btf_header (<linux/btf.h>), as the BTF format fixes it. */
struct hdr {
	uint16_t magic;
	uint8_t version, flags;
	uint32_t hdr_len, type_off, type_len, str_off, str_len;
};

int main(int argc, char **argv)
{
	size_t n, len, off, end, renamed = 0;
	struct hdr h;
	char *buf;
	FILE *f;

	if (argc != 5 || strlen(argv[3]) != strlen(argv[4])) {
		fprintf(stderr, "usage: fattr-btf-rename IN OUT OLD NEW "
			"(NEW as long as OLD)\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f)
		return perror(argv[1]), 2;
	buf = malloc(64 << 20);
	if (!buf)
		return 2;
	n = fread(buf, 1, 64 << 20, f);
	fclose(f);
	memcpy(&h, buf, sizeof(h));
	off = (size_t)h.hdr_len + h.str_off;
	end = off + h.str_len;
	if (n < sizeof(h) || h.magic != 0xeb9f || end > n) {
		fprintf(stderr, "%s: not a BTF file of this byte order\n",
			argv[1]);
		return 2;
	}
	len = strlen(argv[3]) + 1;
	for (; off + len <= end; off += strlen(buf + off) + 1) {
		if (!memcmp(buf + off, argv[3], len)) {
			memcpy(buf + off, argv[4], len - 1);
			renamed++;
		}
	}
	f = fopen(argv[2], "wb");
	if (!f || fwrite(buf, 1, n, f) != n || fclose(f))
		return perror(argv[2]), 2;
	printf("fattr-btf-rename: %zu string(s) %s renamed %s\n", renamed,
	       argv[3], argv[4]);
	return renamed ? 0 : 1;
}
