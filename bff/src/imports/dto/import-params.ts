import { QueryId } from '../../common/query-fields';

/** `/imports/{id}/files/{fileId}`. */
export class ImportFileParams {
  @QueryId({ required: true })
  id!: number;

  @QueryId({ required: true })
  fileId!: number;
}
