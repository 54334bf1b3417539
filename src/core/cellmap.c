/* cellmap.c: paged cell -> sample maps (see cellmap.h). */
#include <stdlib.h>
#include <string.h>

#include "cellmap.h"

int cellmap_init(cellmap *m, int ncells)
{
	m->npages = (ncells + CELLMAP_PAGE - 1) / CELLMAP_PAGE;
	m->page = calloc((size_t)(m->npages ? m->npages : 1), sizeof *m->page);
	return m->page ? 0 : -1;
}

void cellmap_clear(cellmap *m)
{
	for (int i = 0; i < m->npages; i++) {
		free(m->page[i]);
		m->page[i] = NULL;
	}
}

void cellmap_unmap_all(cellmap *m)
{
	for (int i = 0; i < m->npages; i++)
		if (m->page[i])
			memset(m->page[i], 0xff, CELLMAP_PAGE * sizeof *m->page[i]);
}

void cellmap_drop_empty(cellmap *m)
{
	for (int i = 0; i < m->npages; i++) {
		const int32_t *pg = m->page[i];
		if (!pg)
			continue;
		int used = 0;
		for (int k = 0; k < CELLMAP_PAGE && !used; k++)
			used = pg[k] >= 0;
		if (!used) {
			free(m->page[i]);
			m->page[i] = NULL;
		}
	}
}

void cellmap_free(cellmap *m)
{
	if (!m->page)
		return;
	cellmap_clear(m);
	free(m->page);
	m->page = NULL;
	m->npages = 0;
}

int cellmap_set(cellmap *m, int k, int32_t v)
{
	int32_t **pg = &m->page[k >> CELLMAP_PAGE_BITS];
	if (!*pg) {
		if (v < 0)
			return 0;
		*pg = malloc(CELLMAP_PAGE * sizeof **pg);
		if (!*pg)
			return -1;
		memset(*pg, 0xff, CELLMAP_PAGE * sizeof **pg);
	}
	(*pg)[k & (CELLMAP_PAGE - 1)] = v;
	return 0;
}

size_t cellmap_bytes(const cellmap *m)
{
	size_t b = (size_t)m->npages * sizeof *m->page;
	for (int i = 0; i < m->npages; i++)
		b += m->page[i] ? CELLMAP_PAGE * sizeof(int32_t) : 0;
	return b;
}
