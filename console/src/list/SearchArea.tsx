import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Button, FilterForm, Form, SaveButton, useListContext, useTranslate } from 'react-admin';
import type { FieldDefinition } from './fields';
import { FieldInput } from './form/FieldInput';

/** Default style: the search inputs above the table, applied as one types (react-admin's FilterForm). */
export const InlineSearch = ({ fields }: { fields: FieldDefinition<never>[] }) => {
  const filters = useMemo(
    () =>
      fields.map((field) => (
        <FieldInput key={field.field} source={field.field} alwaysOn field={field} purpose="inlineSearch" />
      )),
    [fields],
  );
  return filters.length ? <FilterForm filters={filters} /> : null;
};

const dropEmpty = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && !value.length),
    ),
  );

/** SPEC §2.5 / §9 drawer style: a right-side drawer titled 'search list', half the window wide. */
export const SearchDrawer = (props: { fields: FieldDefinition<never>[]; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: '50%' } },
          role: 'dialog',
          'aria-label': translate('app.list.search_list'),
        } as object,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {translate('app.list.search_list')}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={props.onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Form
        defaultValues={filterValues}
        onSubmit={(values: Record<string, unknown>) => {
          setFilters(dropEmpty(values), {});
          props.onClose();
        }}
      >
        <Stack spacing={2} sx={{ p: 3 }}>
          {props.fields.map((field) => (
            <FieldInput key={field.field} field={field} purpose="drawerSearch" />
          ))}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button
              label="app.list.reset"
              variant="outlined"
              onClick={() => {
                setFilters({}, {});
                props.onClose();
              }}
            />
            <SaveButton label="app.list.search" icon={<SearchIcon />} alwaysEnable />
          </Box>
        </Stack>
      </Form>
    </Drawer>
  );
};
