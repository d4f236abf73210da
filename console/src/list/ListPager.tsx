import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** SPEC §9 table page sizes; 20 by default, pages from 1. */
export const PAGE_SIZES = [10, 20, 30, 50];
export const DEFAULT_PAGE_SIZE = 20;

/** SPEC §2.5 pager: total, sizes, prev, pages, next, jumper (react-admin's shows no page numbers nor a jumper). */
export const ListPager = () => {
  const translate = useTranslate();
  const { page, perPage, total = 0, setPage, setPerPage } = useListContext();
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.ceil(total / perPage));

  const goTo = () => {
    const target = Math.round(Number(jump));
    if (Number.isFinite(target) && jump !== '') setPage(Math.min(pages, Math.max(1, target)));
    setJump('');
  };

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, flexWrap: 'wrap', py: 1.5 }}
      data-testid="list-pager"
    >
      <Typography variant="body2">{translate('app.list.total', { total })}</Typography>
      <TextField
        select
        size="small"
        variant="outlined"
        margin="none"
        fullWidth={false}
        value={perPage}
        onChange={(event) => setPerPage(Number(event.target.value))}
        slotProps={{ htmlInput: { 'aria-label': translate('ra.navigation.page_rows_per_page') } }}
        sx={{ '& .MuiSelect-select': { py: 0.5, fontSize: 14 } }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {translate('app.list.per_page', { size })}
          </MenuItem>
        ))}
      </TextField>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_event, next) => setPage(next)}
        shape="rounded"
        size="small"
        color="primary"
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{translate('app.list.jump_to')}</Typography>
        <TextField
          size="small"
          variant="outlined"
          margin="none"
          fullWidth={false}
          value={jump}
          onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => event.key === 'Enter' && goTo()}
          onBlur={goTo}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': translate('app.list.jump_to'),
              style: { width: 40, padding: '4px 6px', textAlign: 'center' },
            },
          }}
        />
        <Typography variant="body2">{translate('app.list.page_unit')}</Typography>
      </Box>
    </Box>
  );
};
